import '../styles';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  type Application,
  JOB_TEXTS,
  MOVE_TARGETS,
  type MoveTarget,
  STAGE_LABELS,
  STAGES,
  type Stage,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { InterviewBadge } from '../../interviews/components/interview-badge';
import { useJobApplications } from '../api/applications';
import { useJob } from '../api/jobs';
import { ApplicationDrawer } from './application-drawer';
import { AssessmentSummary } from './assessment-summary';
import { JobActionsMenu } from './job-actions-menu';
import { formatDate, JobMeta, JobStatusBadge, StageBadge } from './job-badges';
import { MoveModal } from './move-modal';

type Filter = 'all' | Stage;

/** A job's pipeline (/recruiter/job-listings/:jobId): applications by stage, moves, details. */
export function PipelineScreen({ admin = false }: { admin?: boolean }) {
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  const apps = useJobApplications(jobId);
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkStage, setBulkStage] = useState<MoveTarget | null>(null);
  const [target, setTarget] = useState<{ ids: string[]; stage: MoveTarget; names: string } | null>(
    null,
  );
  const [open, setOpen] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  const counts = useMemo(() => {
    const c = new Map<Filter, number>([['all', apps.data?.length ?? 0]]);
    for (const a of apps.data ?? []) c.set(a.stage, (c.get(a.stage) ?? 0) + 1);
    return c;
  }, [apps.data]);
  const shown = (apps.data ?? []).filter((a) => filter === 'all' || a.stage === filter);
  const movable = shown.filter((a) => a.stage !== 'withdrawn');
  const allChecked = movable.length > 0 && movable.every((a) => selected.includes(a.id));
  const namesOf = (ids: string[]) =>
    (apps.data ?? [])
      .filter((a) => ids.includes(a.id))
      .map((a) => a.candidateName)
      .join(', ');

  if (job.isPending) return <LoadingText text={JOB_TEXTS.loadingJob} />;
  if (job.isError) {
    return (
      <>
        <PageHeader title="Job pipeline" />
        <FormError>{errorMessage(job.error)}</FormError>
      </>
    );
  }
  const j = job.data;
  return (
    <>
      <PageHeader title={j.title} />
      <Stack gap="md">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <JobStatusBadge status={j.status} />
                <Text size="sm" c="dimmed">
                  {j.openings} {j.openings === 1 ? 'opening' : 'openings'}
                  {j.closingDate ? ` · closes ${formatDate(j.closingDate)}` : ''}
                </Text>
              </Group>
              <JobMeta job={j} />
              <Anchor
                component={Link}
                to={admin ? '/admin/jobs' : '/recruiter/job-listings'}
                size="sm"
              >
                {admin ? '← Manage Jobs' : '← My Listings'}
              </Anchor>
            </Stack>
            {admin ? null : <JobActionsMenu job={j} onError={setActionError} />}
          </Group>
        </Paper>
        {actionError ? <FormError>{errorMessage(actionError)}</FormError> : null}

        <Tabs value={filter} onChange={(v) => setFilter((v as Filter) ?? 'all')}>
          <Tabs.List aria-label="Stages">
            {(['all', ...STAGES] as Filter[]).map((s) => (
              <Tabs.Tab key={s} value={s}>
                {s === 'all' ? 'All' : STAGE_LABELS[s]} ({counts.get(s) ?? 0})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Move selected to"
            placeholder="Choose a stage"
            data={MOVE_TARGETS.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
            value={bulkStage}
            onChange={(v) => setBulkStage(v as MoveTarget | null)}
            w={200}
          />
          <Button
            disabled={!bulkStage || selected.length === 0}
            onClick={() =>
              bulkStage && setTarget({ ids: selected, stage: bulkStage, names: namesOf(selected) })
            }
          >
            Move {selected.length > 0 ? `(${selected.length})` : ''}
          </Button>
        </Group>

        {apps.isPending ? <LoadingText text={JOB_TEXTS.loadingApplications} /> : null}
        {apps.isError ? <FormError>{errorMessage(apps.error)}</FormError> : null}
        {apps.data && shown.length === 0 ? <Text>{JOB_TEXTS.noApplications}</Text> : null}
        {shown.length > 0 ? (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Applications" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select all"
                      checked={allChecked}
                      onChange={() => setSelected(allChecked ? [] : movable.map((a) => a.id))}
                    />
                  </Table.Th>
                  <Table.Th>Candidate</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Applied</Table.Th>
                  <Table.Th>Assessment</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((a) => (
                  <Row
                    key={a.id}
                    app={a}
                    checked={selected.includes(a.id)}
                    onCheck={(on) =>
                      setSelected((s) => (on ? [...s, a.id] : s.filter((id) => id !== a.id)))
                    }
                    onOpen={() => setOpen(a.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
      <ApplicationDrawer
        applicationId={open}
        onClose={() => setOpen(null)}
        onMove={(app, stage) => setTarget({ ids: [app.id], stage, names: app.candidateName })}
      />
      <MoveModal
        jobId={jobId}
        target={target}
        onClose={() => setTarget(null)}
        onMoved={() => {
          setSelected([]);
          setBulkStage(null);
        }}
      />
    </>
  );
}

function Row({
  app,
  checked,
  onCheck,
  onOpen,
}: {
  app: Application;
  checked: boolean;
  onCheck: (on: boolean) => void;
  onOpen: () => void;
}) {
  const session = useSessionState();
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Select ${app.candidateName}`}
          checked={checked}
          disabled={app.stage === 'withdrawn'}
          onChange={(e) => onCheck(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text fw={500}>{app.candidateName}</Text>
          {!app.seen && session.user?.id === app.recruiterId ? (
            <Badge color="red.9" size="xs" variant="filled">
              New
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {app.candidateEmail}
        </Text>
      </Table.Td>
      <Table.Td>
        <StageBadge stage={app.stage} />
        <InterviewBadge jobId={app.jobId} applicationId={app.id} />
      </Table.Td>
      <Table.Td>{formatDate(app.createdAt)}</Table.Td>
      <Table.Td>
        {app.assessment ? <AssessmentSummary assessment={app.assessment} recruiter /> : '—'}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          onClick={onOpen}
          aria-label={`Open ${app.candidateName}`}
        >
          Open
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
