import {
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  INTERVIEW_STATUS_LABELS,
  type Interview,
  MAX_CRITERIA,
  MAX_SLOTS,
  RECOMMENDATION_LABELS,
  type SlotInput,
  utcToZonedTime,
} from '../../../../domain/interviews';
import type { ApplicationDetail } from '../../../../domain/jobs';
import { ApiError, errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { notifySuccess } from '../../recruiter/lib/notify';
import {
  useApplicationInterviews,
  useCancelInterview,
  useColleagues,
  useCriteria,
  useProposeInterview,
  useReschedule,
  useSaveCriteria,
  useWithdrawSlot,
} from '../api/interviews';
import { InterviewTime, Where } from './interview-time';
import { emptySlot, SlotFields } from './slot-fields';

const STATUS_COLORS = { proposed: 'yellow', scheduled: 'indigo', cancelled: 'gray' } as const;

/** Server issues of slot fields, per row: slots.1.date → errors[1].date. */
function slotErrors(error: unknown, prefix: (string | number)[] = ['slots']) {
  const out: Partial<Record<keyof SlotInput, string>>[] = [];
  if (!(error instanceof ApiError)) return out;
  for (const issue of error.issues) {
    const matches = prefix.every((p, i) => issue.path[i] === p);
    if (!matches) continue;
    const rest = issue.path.slice(prefix.length);
    const [index, field] = prefix.length === 1 ? rest : [0, rest[0]];
    if (typeof index !== 'number' || typeof field !== 'string') continue;
    out[index] = { ...out[index], [field]: issue.message };
  }
  return out;
}

/** The Interviews part of an application (the job's recruiter): schedule, move, cancel, read scorecards. */
export function ApplicationInterviews({ app }: { app: ApplicationDetail }) {
  const list = useApplicationInterviews(app.id);
  const [proposing, setProposing] = useState(false);
  const open = list.data?.find((i) => i.status !== 'cancelled');
  const past = list.data?.filter((i) => i.status === 'cancelled') ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Interviews">
      <Title order={3} fz="md">
        Interviews
      </Title>
      {list.isPending ? <LoadingText text="Loading interviews..." /> : null}
      {list.isError ? <FormError>{errorMessage(list.error)}</FormError> : null}
      {open ? <InterviewCard interview={open} /> : null}
      {!open && app.stage === 'interview' ? (
        <Group>
          <Button size="xs" onClick={() => setProposing(true)}>
            Schedule Interview
          </Button>
        </Group>
      ) : null}
      {!open && app.stage !== 'interview' && list.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          Move the application to Interview to propose times.
        </Text>
      ) : null}
      {past.map((i) => (
        <InterviewCard key={i.id} interview={i} />
      ))}
      <CriteriaEditor jobId={app.jobId} />
      <ProposeModal applicationId={app.id} opened={proposing} onClose={() => setProposing(false)} />
    </Stack>
  );
}

function InterviewCard({ interview }: { interview: Interview }) {
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const withdraw = useWithdrawSlot();
  const openSlots = interview.slots.filter((s) => s.status === 'open');
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="interview-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Badge color={STATUS_COLORS[interview.status]} variant="light">
            {INTERVIEW_STATUS_LABELS[interview.status]}
          </Badge>
          <Text size="xs" c="dimmed">
            Interviewers: {interview.interviewers.map((p) => p.name).join(', ')}
          </Text>
        </Group>
        {interview.scheduled ? (
          <>
            <InterviewTime time={interview.scheduled} />
            <Where location={interview.scheduled.location} />
          </>
        ) : null}
        {interview.status === 'proposed' ? (
          <Stack gap={4}>
            <Text size="sm">Proposed times:</Text>
            {openSlots.map((s) => (
              <Group key={s.id} gap="xs" wrap="nowrap" justify="space-between">
                <InterviewTime time={s} />
                {openSlots.length > 1 ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={withdraw.isPending}
                    onClick={() => withdraw.mutate({ id: interview.id, slotId: s.id })}
                  >
                    Withdraw
                  </Button>
                ) : null}
              </Group>
            ))}
            {withdraw.isError ? <FormError>{errorMessage(withdraw.error)}</FormError> : null}
          </Stack>
        ) : null}
        {interview.status !== 'cancelled' ? (
          <Group gap="xs">
            {interview.status === 'scheduled' ? (
              <Button size="xs" variant="default" onClick={() => setMoving(true)}>
                Reschedule
              </Button>
            ) : null}
            <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
              Cancel Interview
            </Button>
          </Group>
        ) : null}
        <Scorecards interview={interview} />
      </Stack>
      {interview.status === 'scheduled' ? (
        <RescheduleModal interview={interview} opened={moving} onClose={() => setMoving(false)} />
      ) : null}
      <CancelModal interview={interview} opened={cancelling} onClose={() => setCancelling(false)} />
    </Paper>
  );
}

function Scorecards({ interview }: { interview: Interview }) {
  if (interview.scorecards.length === 0) {
    return interview.status === 'scheduled' ? (
      <Text size="xs" c="dimmed">
        No scorecards yet.
      </Text>
    ) : null;
  }
  return (
    <Stack gap={4} aria-label="Scorecards">
      <Text size="sm" fw={500}>
        Scorecards (never shown to the candidate)
      </Text>
      {interview.scorecards.map((s) => (
        <Paper key={s.id} withBorder p="xs" radius="sm">
          <Text size="sm">
            <strong>{s.interviewerName}</strong>: {RECOMMENDATION_LABELS[s.recommendation]}
          </Text>
          <Text size="xs">{s.ratings.map((r) => `${r.criterion} ${r.rating}/4`).join(' · ')}</Text>
          {s.notes ? (
            <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {s.notes}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

function ProposeModal({
  applicationId,
  opened,
  onClose,
}: {
  applicationId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const colleagues = useColleagues();
  const propose = useProposeInterview();
  const [rows, setRows] = useState<{ key: number; slot: SlotInput }[]>(() => [
    { key: 0, slot: emptySlot() },
  ]);
  const slots = rows.map((r) => r.slot);
  const nextKey = () => Math.max(...rows.map((r) => r.key)) + 1;
  const session = useSessionState();
  const me = session.user?.id;
  // The recruiter interviews, unless they choose otherwise.
  const [interviewerIds, setInterviewerIds] = useState<string[]>(me ? [me] : []);
  const errors = slotErrors(propose.error);
  const close = () => {
    propose.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Schedule Interview" size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          propose.mutate(
            { applicationId, input: { slots, interviewerIds } },
            {
              onSuccess: () => {
                notifySuccess('Times proposed', 'The candidate was asked to pick one.');
                setRows([{ key: 0, slot: emptySlot() }]);
                setInterviewerIds(me ? [me] : []);
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Propose up to {MAX_SLOTS} times; the candidate picks one and everyone gets a calendar
            invitation.
          </Text>
          {rows.map(({ key, slot: s }, i) => (
            <Group key={key} align="flex-end" wrap="nowrap" gap="xs">
              <SlotFields
                label={`Time ${i + 1}`}
                value={s}
                errors={errors[i]}
                onChange={(next) =>
                  setRows(rows.map((r) => (r.key === key ? { key, slot: next } : r)))
                }
              />
              {slots.length > 1 ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() => setRows(rows.filter((r) => r.key !== key))}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          ))}
          {slots.length < MAX_SLOTS ? (
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  setRows([
                    ...rows,
                    { key: nextKey(), slot: emptySlot(slots.at(-1)?.location ?? '') },
                  ])
                }
              >
                Add Time
              </Button>
            </Group>
          ) : null}
          <MultiSelect
            label="Interviewers"
            description="Recruiters of your company"
            placeholder="Choose interviewers"
            data={(colleagues.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={interviewerIds}
            onChange={setInterviewerIds}
            searchable
          />
          {propose.isError ? <FormError>{errorMessage(propose.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={propose.isPending}>
              Propose Times
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RescheduleModal({
  interview,
  opened,
  onClose,
}: {
  interview: Interview;
  opened: boolean;
  onClose: () => void;
}) {
  const reschedule = useReschedule();
  const current = interview.scheduled!;
  const start = () => {
    const wall = utcToZonedTime(current.startsAt, current.timeZone);
    return {
      ...wall,
      durationMinutes: current.durationMinutes,
      timeZone: current.timeZone,
      location: current.location,
    };
  };
  const [slot, setSlot] = useState<SlotInput>(start);
  const errors = slotErrors(reschedule.error, []);
  const close = () => {
    reschedule.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Reschedule Interview" size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reschedule.mutate(
            { id: interview.id, input: slot },
            {
              onSuccess: () => {
                notifySuccess('Interview moved', 'Everyone gets an updated invitation.');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <SlotFields label="New time" value={slot} onChange={setSlot} errors={errors[0]} />
          {reschedule.isError ? <FormError>{errorMessage(reschedule.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep Time
            </Button>
            <Button type="submit" loading={reschedule.isPending}>
              Move Interview
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CancelModal({
  interview,
  opened,
  onClose,
}: {
  interview: Interview;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelInterview();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel Interview">
      <Stack gap="sm">
        <Text size="sm">
          {interview.status === 'scheduled'
            ? 'Everyone gets a cancellation that removes it from their calendar.'
            : 'The proposed times are withdrawn.'}
        </Text>
        <TextInput
          label="Reason (optional, sent to the candidate)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {cancel.isError ? <FormError>{errorMessage(cancel.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep Interview
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate({ id: interview.id, reason }, { onSuccess: () => onClose() })
            }
          >
            Cancel Interview
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The criteria the job's interviewers rate (the same for every application of the job). */
function CriteriaEditor({ jobId }: { jobId: string }) {
  const criteria = useCriteria(jobId);
  const save = useSaveCriteria();
  const [draft, setDraft] = useState<string[] | null>(null);
  if (!criteria.data) return null;
  const value = draft ?? criteria.data.criteria;
  return (
    <Stack gap={4}>
      <TagsInput
        label="Scorecard criteria (this job)"
        description="Interviewers rate each from 1 to 4. Press Enter after each."
        value={value}
        onChange={setDraft}
        maxTags={MAX_CRITERIA}
        clearable
      />
      {save.isError ? <FormError>{errorMessage(save.error)}</FormError> : null}
      {draft ? (
        <Group justify="flex-end">
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() =>
              save.mutate({ jobId, criteria: draft }, { onSuccess: () => setDraft(null) })
            }
          >
            Save Criteria
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
