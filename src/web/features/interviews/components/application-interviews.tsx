import {
  Alert,
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
import { useTranslation } from 'react-i18next';
import {
  type Interview,
  MAX_CRITERIA,
  MAX_SLOTS,
  type SlotInput,
  utcToZonedTime,
} from '../../../../domain/interviews';
import type { ApplicationDetail } from '../../../../domain/jobs';
import { ApiError, errorMessage } from '../../../api/http';
import { formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { AdHocPads, LazyPadSession, NewPadButton, StartPadButton } from '../../pads';
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
import { BusyHint, useSlotClashes } from './busy-hints';
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
    out[index] = { ...out[index], [field]: translateMessage(issue.message) };
  }
  return out;
}

/** Field errors without the clashes the busy hints already show under the same row. */
function withoutHinted(errors: ReturnType<typeof slotErrors>, clashes: string[][]) {
  return errors.map((row, i) => {
    if (!row?.time || !clashes[i]?.includes(row.time)) return row;
    const { time: _shown, ...rest } = row;
    return rest;
  });
}

/** The Interviews part of an application (the job's recruiter): schedule, move, cancel, read scorecards. */
export function ApplicationInterviews({ app }: { app: ApplicationDetail }) {
  const { t } = useTranslation('interviews');
  const list = useApplicationInterviews(app.id);
  const [proposing, setProposing] = useState(false);
  const open = list.data?.find((i) => i.status !== 'cancelled');
  const past = list.data?.filter((i) => i.status === 'cancelled') ?? [];
  // New pad is the job's recruiter's (admins read applications, they start nothing).
  const recruiter = useSessionState().user?.id === app.recruiterId;
  return (
    <Stack gap="sm" component="section" aria-label={t('application.heading')}>
      <Title order={3} fz="md">
        {t('application.heading')}
      </Title>
      {list.isPending ? <LoadingText text={t('application.loading')} /> : null}
      {list.isError ? <FormError>{errorMessage(list.error)}</FormError> : null}
      {open ? <InterviewCard interview={open} /> : null}
      {!open && app.stage === 'interview' ? (
        <Group>
          <Button size="xs" onClick={() => setProposing(true)}>
            {t('application.schedule')}
          </Button>
        </Group>
      ) : null}
      {!open && app.stage !== 'interview' && list.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('application.moveFirst')}
        </Text>
      ) : null}
      {past.map((i) => (
        <InterviewCard key={i.id} interview={i} />
      ))}
      {recruiter ? (
        <Group>
          <NewPadButton applicationId={app.id} />
        </Group>
      ) : null}
      <AdHocPads applicationId={app.id} team />
      <CriteriaEditor jobId={app.jobId} />
      <ProposeModal applicationId={app.id} opened={proposing} onClose={() => setProposing(false)} />
    </Stack>
  );
}

function InterviewCard({ interview }: { interview: Interview }) {
  const { t } = useTranslation('interviews');
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const withdraw = useWithdrawSlot();
  const openSlots = interview.slots.filter((s) => s.status === 'open');
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="interview-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Badge color={STATUS_COLORS[interview.status]} variant="light">
            {t(`status.${interview.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('application.interviewers', {
              names: interview.interviewers.map((p) => p.name).join(', '),
            })}
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
            <Text size="sm">{t('application.proposedTimes')}</Text>
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
                    {t('application.withdraw')}
                  </Button>
                ) : null}
              </Group>
            ))}
            {withdraw.isError ? <FormError>{errorMessage(withdraw.error)}</FormError> : null}
          </Stack>
        ) : null}
        {interview.status !== 'cancelled' ? (
          <Group gap="xs">
            {interview.status === 'scheduled' && interview.pad?.status !== 'open' ? (
              <StartPadButton interviewId={interview.id} />
            ) : null}
            {interview.status === 'scheduled' ? (
              <Button size="xs" variant="default" onClick={() => setMoving(true)}>
                {t('application.reschedule')}
              </Button>
            ) : null}
            <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
              {t('application.cancelInterview')}
            </Button>
          </Group>
        ) : null}
        <Responses interview={interview} />
        {interview.pad ? <LazyPadSession padId={interview.pad.id} /> : null}
        <Scorecards interview={interview} />
      </Stack>
      {interview.status === 'scheduled' ? (
        <RescheduleModal interview={interview} opened={moving} onClose={() => setMoving(false)} />
      ) : null}
      <CancelModal interview={interview} opened={cancelling} onClose={() => setCancelling(false)} />
    </Paper>
  );
}

const RESPONSE_COLORS = { accepted: 'green', declined: 'red', tentative: 'yellow' } as const;

/**
 * The participants' answers from their calendar apps (calendar replies mailed back to the
 * invitation's address), once one has come in; a decline by the candidate stands out.
 */
function Responses({ interview }: { interview: Interview }) {
  const { t } = useTranslation('interviews');
  if (interview.status !== 'scheduled' || interview.responses.length === 0) return null;
  const answerOf = new Map(interview.responses.map((r) => [r.userId, r.response]));
  const people = [
    { id: interview.candidateId, name: interview.candidateName },
    ...interview.interviewers,
    ...interview.responses
      .filter((r) => r.userId !== interview.candidateId)
      .filter((r) => !interview.interviewers.some((p) => p.id === r.userId))
      .map((r) => ({ id: r.userId, name: r.name })),
  ];
  const candidateDeclined = answerOf.get(interview.candidateId) === 'declined';
  return (
    <Stack gap={4} aria-label={t('responses.heading')} data-testid="interview-responses">
      {candidateDeclined ? (
        <Alert color="red" variant="light" p="xs" role="status">
          {t('responses.candidateDeclined', { name: interview.candidateName })}
        </Alert>
      ) : null}
      <Text size="sm" fw={500}>
        {t('responses.heading')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {people.map((p) => {
          const answer = answerOf.get(p.id);
          return (
            <Badge
              key={p.id}
              variant="light"
              tt="none"
              color={answer ? RESPONSE_COLORS[answer] : 'gray'}
            >
              {p.name}: {t(`responses.${answer ?? 'none'}`)}
            </Badge>
          );
        })}
      </Group>
    </Stack>
  );
}

function Scorecards({ interview }: { interview: Interview }) {
  const { t } = useTranslation('interviews');
  if (interview.scorecards.length === 0) {
    return interview.status === 'scheduled' ? (
      <Text size="xs" c="dimmed">
        {t('application.noScorecards')}
      </Text>
    ) : null;
  }
  return (
    <Stack gap={4} aria-label={t('application.scorecards')}>
      <Text size="sm" fw={500}>
        {t('application.scorecardsHeading')}
      </Text>
      {interview.scorecards.map((s) => (
        <Paper key={s.id} withBorder p="xs" radius="sm">
          <Text size="sm">
            <strong>{s.interviewerName}</strong>: {t(`recommendation.${s.recommendation}`)}
          </Text>
          <Text size="xs">
            {s.ratings
              .map((r) =>
                t('application.scorecardRating', {
                  criterion: r.criterion,
                  rating: formatNumber(r.rating),
                }),
              )
              .join(' · ')}
          </Text>
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
  const { t } = useTranslation('interviews');
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
  const clashes = useSlotClashes(slots, interviewerIds);
  // A clash the server refused is already shown under its time: said once.
  const errors = withoutHinted(slotErrors(propose.error), clashes);
  const hinted = new Set(clashes.flat());
  const close = () => {
    propose.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('propose.title')} size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          propose.mutate(
            { applicationId, input: { slots, interviewerIds } },
            {
              onSuccess: () => {
                notifySuccess(t('propose.proposed'), t('propose.proposedText'));
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
            {t('propose.hint', { max: formatNumber(MAX_SLOTS) })}
          </Text>
          {rows.map(({ key, slot: s }, i) => (
            <Stack key={key} gap={2}>
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <SlotFields
                  label={t('propose.slot', { number: i + 1 })}
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
                    aria-label={t('propose.removeLabel', { number: i + 1 })}
                    onClick={() => setRows(rows.filter((r) => r.key !== key))}
                  >
                    {t('propose.remove')}
                  </Button>
                ) : null}
              </Group>
              <BusyHint clashes={clashes[i]} />
            </Stack>
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
                {t('propose.add')}
              </Button>
            </Group>
          ) : null}
          <MultiSelect
            label={t('propose.interviewers')}
            description={t('propose.interviewersHint')}
            placeholder={t('propose.interviewersPlaceholder')}
            data={(colleagues.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={interviewerIds}
            onChange={setInterviewerIds}
            searchable
          />
          {propose.isError && !hinted.has(errorMessage(propose.error)) ? (
            <FormError>{errorMessage(propose.error)}</FormError>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('propose.cancel')}
            </Button>
            <Button type="submit" loading={propose.isPending}>
              {t('propose.submit')}
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
  const { t } = useTranslation('interviews');
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
  const clashList = useSlotClashes(
    [slot],
    interview.interviewers.map((p) => p.id),
    interview.scheduled,
  );
  const [clashes] = clashList;
  const errors = withoutHinted(slotErrors(reschedule.error, []), clashList);
  const hinted = new Set(clashes);
  const close = () => {
    reschedule.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('reschedule.title')} size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reschedule.mutate(
            { id: interview.id, input: slot },
            {
              onSuccess: () => {
                notifySuccess(t('reschedule.moved'), t('reschedule.movedText'));
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <SlotFields
            label={t('reschedule.newTime')}
            value={slot}
            onChange={setSlot}
            errors={errors[0]}
          />
          <BusyHint clashes={clashes} />
          {reschedule.isError && !hinted.has(errorMessage(reschedule.error)) ? (
            <FormError>{errorMessage(reschedule.error)}</FormError>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('reschedule.keep')}
            </Button>
            <Button type="submit" loading={reschedule.isPending}>
              {t('reschedule.submit')}
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
  const { t } = useTranslation('interviews');
  const cancel = useCancelInterview();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('cancel.title')}>
      <Stack gap="sm">
        <Text size="sm">
          {interview.status === 'scheduled' ? t('cancel.scheduled') : t('cancel.proposed')}
        </Text>
        <TextInput
          label={t('cancel.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {cancel.isError ? <FormError>{errorMessage(cancel.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate({ id: interview.id, reason }, { onSuccess: () => onClose() })
            }
          >
            {t('cancel.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The criteria the job's interviewers rate (the same for every application of the job). */
function CriteriaEditor({ jobId }: { jobId: string }) {
  const { t } = useTranslation('interviews');
  const criteria = useCriteria(jobId);
  const save = useSaveCriteria();
  const [draft, setDraft] = useState<string[] | null>(null);
  if (!criteria.data) return null;
  const value = draft ?? criteria.data.criteria;
  return (
    <Stack gap={4}>
      <TagsInput
        label={t('criteria.label')}
        description={t('criteria.hint')}
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
            {t('criteria.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
