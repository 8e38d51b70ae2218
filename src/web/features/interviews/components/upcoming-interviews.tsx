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
import { Link } from 'react-router';
import {
  type Interview,
  MAX_SCORECARD_NOTES,
  RATING_LABELS,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type Recommendation,
} from '../../../../domain/interviews';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useMyInterviews, useSaveScorecard, useTeamInterviews } from '../api/interviews';
import { InterviewTime, Where } from './interview-time';

const endOf = (t: { startsAt: string; durationMinutes: number }) =>
  new Date(t.startsAt).getTime() + t.durationMinutes * 60_000;

/** Candidate dashboard: the interviews ahead, each in the candidate's own time zone. */
export function CandidateUpcomingInterviews() {
  const list = useMyInterviews();
  const ahead = (list.data ?? []).filter(
    (i) => i.status === 'scheduled' && i.scheduled && endOf(i.scheduled) > Date.now(),
  );
  const toPick = (list.data ?? []).filter((i) => i.status === 'proposed');
  if (ahead.length === 0 && toPick.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="upcoming-interviews-heading">
      <Title order={2} fz="xl" id="upcoming-interviews-heading">
        Upcoming Interviews
      </Title>
      {ahead.map((i) => (
        <Paper key={i.id} withBorder p="sm" radius="md">
          <Text fw={500}>
            {i.jobTitle}
            {i.companyName ? ` · ${i.companyName}` : ''}
          </Text>
          <InterviewTime time={i.scheduled!} />
          <Where location={i.scheduled!.location} />
        </Paper>
      ))}
      {toPick.length > 0 ? (
        <Text size="sm">
          {toPick.length === 1 ? 'One interview is' : `${toPick.length} interviews are`} waiting for
          you to pick a time:{' '}
          <Anchor component={Link} to="/candidate/applications">
            My Applications
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Recruiter dashboard: interviews ahead, awaiting a pick, and scorecards to fill. */
export function RecruiterUpcomingInterviews() {
  const list = useTeamInterviews();
  const session = useSessionState();
  const me = session.user?.id;
  const [scoring, setScoring] = useState<Interview | null>(null);
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="team-interviews-heading">
      <Title order={2} fz="lg" id="team-interviews-heading">
        Interviews
      </Title>
      {items.map((i) => {
        const begun = i.scheduled && new Date(i.scheduled.startsAt).getTime() <= Date.now();
        const interviewer = i.interviewers.some((p) => p.id === me);
        const own = i.scorecards.find((s) => s.interviewerId === me);
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
                    Waiting for the candidate to pick one of{' '}
                    {i.slots.filter((s) => s.status === 'open').length} times
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {i.recruiterId === me ? (
                  <Anchor component={Link} to={`/recruiter/job-listings/${i.jobId}`} size="sm">
                    Pipeline
                  </Anchor>
                ) : null}
                {begun && interviewer ? (
                  <Button
                    size="xs"
                    variant={own ? 'default' : 'filled'}
                    onClick={() => setScoring(i)}
                  >
                    {own ? 'Edit Scorecard' : 'Fill Scorecard'}
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
    <Modal opened onClose={onClose} title={`Scorecard: ${interview.candidateName}`} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (interview.criteria.some((c) => !ratings[c]) || !recommendation) {
            setMissing('Rate every criterion and choose a recommendation');
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
                notifySuccess('Scorecard saved', 'The job’s recruiter can read it.');
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          {interview.criteria.length === 0 ? (
            <Text size="sm" c="dimmed">
              The job’s recruiter has not named criteria; give a recommendation and notes.
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
                  label: `${n} ${RATING_LABELS[n]}`,
                }))}
                value={ratings[c] ?? ''}
                onChange={(v) => setRatings({ ...ratings, [c]: v })}
              />
            </Stack>
          ))}
          <Select
            label="Recommendation"
            data={RECOMMENDATIONS.map((r) => ({ value: r, label: RECOMMENDATION_LABELS[r] }))}
            value={recommendation}
            onChange={(v) => setRecommendation(v as Recommendation | null)}
          />
          <Textarea
            label="Notes"
            description="Only the hiring team reads scorecards; the candidate never does."
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
              Close
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Scorecard
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
