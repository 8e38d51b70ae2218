import {
  Badge,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  AI_TEXTS,
  FEEDBACK_DETAIL_DESCRIPTIONS,
  FEEDBACK_DETAIL_LABELS,
  FEEDBACK_DETAILS,
  type FeedbackDetail,
  type FeedbackSettings,
} from '../../../../domain/automated-feedback';
import {
  SettingsLoader,
  SettingsSaveRow,
  useSettingsForm,
} from '../../admin-settings/components/settings-form';
import { useFeedbackSettings, useSaveFeedbackSettings } from '../api/automated-feedback';

const DETAIL_OPTIONS = FEEDBACK_DETAILS.map((d) => ({
  value: d,
  label: FEEDBACK_DETAIL_LABELS[d],
}));

function FeedbackForm({ stored }: { stored: FeedbackSettings }) {
  const { draft, edit, submit, status, saving } = useSettingsForm(
    stored,
    useSaveFeedbackSettings(),
    'Settings saved. Reviewers (and candidates, when shared) see the feedback this way from now on.',
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          label="Automated feedback"
          description="A summary of the newest finished test run, shown to the reviewer beside the score form."
          checked={draft.automatedFeedback}
          onChange={(e) => edit({ automatedFeedback: e.currentTarget.checked })}
        />
        <NativeSelect
          label="Feedback detail"
          description={`${FEEDBACK_DETAIL_LABELS[draft.feedbackDetail]}: ${FEEDBACK_DETAIL_DESCRIPTIONS[draft.feedbackDetail].toLowerCase()}.`}
          data={DETAIL_OPTIONS}
          value={draft.feedbackDetail}
          disabled={!draft.automatedFeedback}
          onChange={(e) => edit({ feedbackDetail: e.currentTarget.value as FeedbackDetail })}
        />
        <Switch
          label="Share with the candidate after evaluation"
          description="Candidates see it with their score once it is reviewed. When the project has hidden tests, they see only the result and the pass rate."
          checked={draft.shareWithCandidate}
          disabled={!draft.automatedFeedback}
          onChange={(e) => edit({ shareWithCandidate: e.currentTarget.checked })}
        />
        <SettingsSaveRow saving={saving} status={status} />
      </Stack>
    </form>
  );
}

function FeedbackCard() {
  const settings = useFeedbackSettings();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="xs">
        Automated feedback from test runs
      </Title>
      <Text size="sm" mb="md">
        Computed from the sandboxed test runs (pass rate and failures); no AI model is involved.
      </Text>
      <SettingsLoader query={settings}>
        {(stored) => <FeedbackForm stored={stored} />}
      </SettingsLoader>
    </Paper>
  );
}

const MODEL_FEATURES = [
  'AI-written feedback on a candidate’s code',
  'AI code review and plagiarism hints',
  'AI scoring suggestions',
];

function ModelsCard() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          AI models
        </Title>
        <Badge color="gray.8" variant="filled">
          Off
        </Badge>
      </Group>
      <Text size="sm" mb="sm" data-testid="ai-models-reason">
        {AI_TEXTS.modelsOff}
      </Text>
      <List size="sm" spacing={4}>
        {MODEL_FEATURES.map((f) => (
          <List.Item key={f}>{f}: off</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        They need a model this server does not have, so there is nothing to switch on here.
      </Text>
    </Paper>
  );
}

/** Admin settings, AI Configuration tab: what is real takes effect; what needs a model says why not. */
export function AiConfigurationTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <FeedbackCard />
      <ModelsCard />
    </SimpleGrid>
  );
}
