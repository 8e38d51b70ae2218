import {
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Interview,
  MAX_SCORECARD_NOTES,
  RECOMMENDATIONS,
  type Recommendation,
} from '../../../../domain/interviews';
import { errorMessage } from '../../../api/http';
import { formatNumber } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LazyPadSession, PadLinkButton, StartPadButton } from '../../pads';
import { useSaveScorecard, useTeamInterviews } from '../api/interviews';
import { InterviewTime, Where } from './interview-time';

/** Recruiter dashboard: interviews ahead, awaiting a pick, and scorecards to fill. */
export function RecruiterUpcomingInterviews() {
  const { t } = useTranslation('interviews');
  const list = useTeamInterviews();
  const session = useSessionState();
  const me = session.user?.id;
  const [scoring, setScoring] = useState<Interview | null>(null);
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="team-interviews-heading">
      <Title order={2} fz="lg" id="team-interviews-heading">
        {t('team.heading')}
      </Title>
      {items.map((i) => {
        const begun = i.scheduled && new Date(i.scheduled.startsAt).getTime() <= Date.now();
        const interviewer = i.interviewers.some((p) => p.id === me);
        const own = i.scorecards.find((s) => s.interviewerId === me);
        // The day's interviews are the ones to start a pad for (their team: interviewers, recruiter).
        const today =
          i.status === 'scheduled' &&
          i.scheduled &&
          new Date(i.scheduled.startsAt).toDateString() === new Date().toDateString() &&
          (interviewer || i.recruiterId === me);
        return (
          <Paper key={i.id} withBorder p="xs" radius="sm" data-testid="team-interview">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {i.candidateName} · {i.jobTitle}
                </Text>
                {i.scheduled ? (
                  <>
                    <InterviewTime time={i.scheduled} />
                    <Where location={i.scheduled.location} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('team.waiting', {
                      count: i.slots.filter((s) => s.status === 'open').length,
                    })}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {i.pad && (today || i.pad.status === 'ended') ? (
                  <PadLinkButton pad={i.pad} />
                ) : null}
                {today && i.pad?.status !== 'open' ? <StartPadButton interviewId={i.id} /> : null}
                {i.recruiterId === me ? (
                  <Anchor component={Link} to={`/recruiter/job-listings/${i.jobId}`} size="sm">
                    {t('team.pipeline')}
                  </Anchor>
                ) : null}
                {begun && interviewer ? (
                  <Button
                    size="xs"
                    variant={own ? 'default' : 'filled'}
                    onClick={() => setScoring(i)}
                  >
                    {own ? t('team.editScorecard') : t('team.fillScorecard')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Paper>
        );
      })}
      {scoring ? <ScorecardModal interview={scoring} onClose={() => setScoring(null)} /> : null}
    </Stack>
  );
}

function ScorecardModal({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const { t } = useTranslation('interviews');
  const session = useSessionState();
  const own = interview.scorecards.find((s) => s.interviewerId === session.user?.id);
  const save = useSaveScorecard();
  const [ratings, setRatings] = useState<Record<string, string>>(() =>
    Object.fromEntries((own?.ratings ?? []).map((r) => [r.criterion, String(r.rating)])),
  );
  const [recommendation, setRecommendation] = useState<Recommendation | null>(
    own?.recommendation ?? null,
  );
  const [notes, setNotes] = useState(own?.notes ?? '');
  const [missing, setMissing] = useState<string | null>(null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('scorecard.title', { name: interview.candidateName })}
      size={interview.pad ? 'xl' : 'lg'}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (interview.criteria.some((c) => !ratings[c]) || !recommendation) {
            setMissing(t('scorecard.missing'));
            return;
          }
          setMissing(null);
          save.mutate(
            {
              id: interview.id,
              input: {
                ratings: interview.criteria.map((c) => ({
                  criterion: c,
                  rating: Number(ratings[c]) as 1 | 2 | 3 | 4,
                })),
                recommendation,
                notes,
              },
            },
            {
              onSuccess: () => {
                notifySuccess(t('scorecard.saved'), t('scorecard.savedText'));
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {/* The pad's final code, notes and replay beside the ratings they inform. */}
          {interview.pad ? <LazyPadSession padId={interview.pad.id} /> : null}
          {interview.criteria.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('scorecard.noCriteria')}
            </Text>
          ) : null}
          {interview.criteria.map((c) => (
            <Stack key={c} gap={2}>
              <Text size="sm" fw={500} id={`criterion-${c}`}>
                {c}
              </Text>
              <SegmentedControl
                aria-labelledby={`criterion-${c}`}
                data={([1, 2, 3, 4] as const).map((n) => ({
                  value: String(n),
                  label: t('ratingOption', {
                    rating: formatNumber(n),
                    label: t(`rating.${n}`),
                  }),
                }))}
                value={ratings[c] ?? ''}
                onChange={(v) => setRatings({ ...ratings, [c]: v })}
              />
            </Stack>
          ))}
          <Select
            label={t('scorecard.recommendation')}
            data={RECOMMENDATIONS.map((r) => ({ value: r, label: t(`recommendation.${r}`) }))}
            value={recommendation}
            onChange={(v) => setRecommendation(v as Recommendation | null)}
          />
          <Textarea
            label={t('scorecard.notes')}
            description={t('scorecard.notesHint')}
            autosize
            minRows={3}
            maxLength={MAX_SCORECARD_NOTES}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          {missing ? <FormError>{missing}</FormError> : null}
          {save.isError ? <FormError>{errorMessage(save.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('scorecard.close')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('scorecard.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
