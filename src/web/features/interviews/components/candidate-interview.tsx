import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateInterview } from '../../../../domain/interviews';
import { ApiError, errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { PadLinkButton } from '../../pads';
import { useMyInterviews, usePickSlot } from '../api/interviews';
import { InterviewTime, Where } from './interview-time';

/** The interview of one application on My Applications: pick a time, or see the one booked. */
export function CandidateInterviewPanel({ applicationId }: { applicationId: string }) {
  const interviews = useMyInterviews();
  const mine = (interviews.data ?? []).filter((i) => i.applicationId === applicationId);
  const current = mine.find((i) => i.status !== 'cancelled') ?? mine.at(-1);
  if (!current) return null;
  return <Panel interview={current} />;
}

function Panel({ interview }: { interview: CandidateInterview }) {
  const { t } = useTranslation('interviews');
  const pick = usePickSlot();
  // Times refused because an interviewer was booked meanwhile (409): not offered again here.
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t('candidate.label')} component="section">
      <Stack gap="xs">
        {interview.status === 'proposed' ? (
          <>
            <Text size="sm" fw={500}>
              {t('candidate.pick')}
            </Text>
            {interview.slots.map((s) => (
              <Group key={s.id} justify="space-between" wrap="wrap" gap="xs">
                <InterviewTime time={s} />
                {taken.has(s.id) ? (
                  <Badge color="gray" variant="light">
                    {t('candidate.taken')}
                  </Badge>
                ) : (
                  <Button
                    size="xs"
                    loading={pick.isPending && pick.variables?.slotId === s.id}
                    onClick={() =>
                      pick.mutate(
                        { id: interview.id, slotId: s.id },
                        {
                          onSuccess: () =>
                            notifySuccess(t('candidate.booked'), t('candidate.bookedText')),
                          onError: (error) => {
                            if (error instanceof ApiError && error.status === 409) {
                              setTaken((before) => new Set(before).add(s.id));
                            }
                          },
                        },
                      )
                    }
                  >
                    {t('candidate.pickThis')}
                  </Button>
                )}
              </Group>
            ))}
            {pick.isError ? <FormError>{errorMessage(pick.error)}</FormError> : null}
          </>
        ) : null}
        {interview.status === 'scheduled' && interview.scheduled ? (
          <>
            <Group gap="xs">
              <Badge color="indigo" variant="light">
                {t('candidate.scheduled')}
              </Badge>
            </Group>
            <div data-testid="candidate-interview-time">
              <InterviewTime time={interview.scheduled} />
            </div>
            <Where location={interview.scheduled.location} />
            {interview.pad ? (
              <Group>
                <PadLinkButton pad={interview.pad} join />
              </Group>
            ) : null}
            {interview.interviewerNames.length > 0 ? (
              <Text size="xs" c="dimmed">
                {t('candidate.with', { names: interview.interviewerNames.join(', ') })}
              </Text>
            ) : null}
          </>
        ) : null}
        {interview.status === 'cancelled' ? (
          <Badge color="gray" variant="light">
            {t('candidate.cancelled')}
          </Badge>
        ) : null}
      </Stack>
    </Paper>
  );
}
