import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PadLinkButton } from '../../pads';
import { useMyInterviews } from '../api/interviews';
import { InterviewTime, Where } from './interview-time';

const endOf = (t: { startsAt: string; durationMinutes: number }) =>
  new Date(t.startsAt).getTime() + t.durationMinutes * 60_000;

// The recruiter's list, with its scorecard form, is team-interviews.tsx: the candidate's
// dashboard loads this module without the modal, select and segmented control.

/** Candidate dashboard: the interviews ahead, each in the candidate's own time zone. */
export function CandidateUpcomingInterviews() {
  const { t } = useTranslation('interviews');
  const list = useMyInterviews();
  const ahead = (list.data ?? []).filter(
    (i) => i.status === 'scheduled' && i.scheduled && endOf(i.scheduled) > Date.now(),
  );
  const toPick = (list.data ?? []).filter((i) => i.status === 'proposed');
  if (ahead.length === 0 && toPick.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="upcoming-interviews-heading">
      <Title order={2} fz="xl" id="upcoming-interviews-heading">
        {t('upcoming.heading')}
      </Title>
      {ahead.map((i) => (
        <Paper key={i.id} withBorder p="sm" radius="md">
          <Text fw={500}>
            {i.jobTitle}
            {i.companyName ? ` · ${i.companyName}` : ''}
          </Text>
          <InterviewTime time={i.scheduled!} />
          <Where location={i.scheduled!.location} />
          {i.pad ? (
            <Group mt="xs">
              <PadLinkButton pad={i.pad} join />
            </Group>
          ) : null}
        </Paper>
      ))}
      {toPick.length > 0 ? (
        <Text size="sm">
          {t('upcoming.toPick', { count: toPick.length })}{' '}
          <Anchor component={Link} to="/candidate/applications">
            {t('upcoming.myApplications')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
