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
  Tabs,
  Text,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  type Application,
  isNewApplication,
  MOVE_TARGETS,
  type MoveTarget,
  STAGES,
  type Stage,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table';
import { InterviewBadge } from '../../interviews';
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
  const { t } = useTranslation('jobs');
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  const apps = useJobApplications(jobId);
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkStage, setBulkStage] = useState<MoveTarget | null>(null);
  const [target, setTarget] = useState<{ ids: string[]; stage: MoveTarget; names: string } | null>(
    null,
  );
  // `?application=<id>` (the link in a mail to the recruiter) opens that application.
  const [params] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => params.get('application'));
  const [actionError, setActionError] = useState<unknown>(null);
  const session = useSessionState();

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

  if (job.isPending) return <LoadingText text={t('loading.job')} />;
  if (job.isError) {
    return (
      <>
        <PageHeader title={t('pipeline.title')} />
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
                  {t('openings', { count: j.openings })}
                  {j.closingDate ? ` · ${t('closesOn', { date: formatDate(j.closingDate) })}` : ''}
                </Text>
              </Group>
              <JobMeta job={j} />
              <Anchor
                component={Link}
                to={admin ? '/admin/jobs' : '/recruiter/job-listings'}
                size="sm"
              >
                {admin ? t('pipeline.backAdmin') : t('pipeline.back')}
              </Anchor>
            </Stack>
            {admin ? null : <JobActionsMenu job={j} onError={setActionError} />}
          </Group>
        </Paper>
        {actionError ? <FormError>{errorMessage(actionError)}</FormError> : null}

        <Tabs value={filter} onChange={(v) => setFilter((v as Filter) ?? 'all')}>
          <Tabs.List aria-label={t('pipeline.stages')}>
            {(['all', ...STAGES] as Filter[]).map((s) => (
              <Tabs.Tab key={s} value={s}>
                {t('pipeline.tab', {
                  stage: s === 'all' ? t('pipeline.all') : t(`stage.${s}`),
                  n: counts.get(s) ?? 0,
                })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('pipeline.moveSelected')}
            placeholder={t('chooseStage')}
            data={MOVE_TARGETS.map((s) => ({ value: s, label: t(`stage.${s}`) }))}
            value={bulkStage}
            onChange={(v) => setBulkStage(v as MoveTarget | null)}
            // As wide as its label and the longest stage (German's "Vorstellungsgespräch").
            w={{ base: '100%', xs: 260 }}
          />
          <Button
            disabled={!bulkStage || selected.length === 0}
            onClick={() =>
              bulkStage && setTarget({ ids: selected, stage: bulkStage, names: namesOf(selected) })
            }
          >
            {selected.length > 0
              ? t('pipeline.moveCount', { n: selected.length })
              : t('move.submit')}
          </Button>
        </Group>

        {apps.isPending ? <LoadingText text={t('loading.applications')} /> : null}
        {apps.isError ? <FormError>{errorMessage(apps.error)}</FormError> : null}
        {apps.data && shown.length === 0 ? <Text>{t('empty.applications')}</Text> : null}
        {shown.length > 0 ? (
          <ResponsiveTable
            label={t('pipeline.applications')}
            rows={shown}
            rowKey={(a) => a.id}
            columns={applicationColumns({
              t,
              allChecked,
              isNew: (a) => isNewApplication(a, j.status) && session.user?.id === a.recruiterId,
              selectAll: () => setSelected(allChecked ? [] : movable.map((a) => a.id)),
              selected,
              onCheck: (a, on) =>
                setSelected((s) => (on ? [...s, a.id] : s.filter((id) => id !== a.id))),
              onOpen: (a) => setOpen(a.id),
            })}
          />
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

/** The pipeline's columns: a table row on wide screens, a card on narrow ones. */
function applicationColumns(o: {
  t: TFunction<'jobs'>;
  allChecked: boolean;
  isNew: (a: Application) => boolean;
  selectAll: () => void;
  selected: string[];
  onCheck: (a: Application, on: boolean) => void;
  onOpen: (a: Application) => void;
}): Column<Application>[] {
  const { t } = o;
  return [
    {
      key: 'select',
      width: 40,
      card: 'start',
      header: (
        <Checkbox
          aria-label={t('pipeline.selectAll')}
          checked={o.allChecked}
          onChange={o.selectAll}
        />
      ),
      cardHeader: (
        <Checkbox label={t('pipeline.selectAll')} checked={o.allChecked} onChange={o.selectAll} />
      ),
      cell: (a) => (
        <Checkbox
          aria-label={t('pipeline.select', { name: a.candidateName })}
          checked={o.selected.includes(a.id)}
          disabled={a.stage === 'withdrawn'}
          onChange={(e) => o.onCheck(a, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'candidate',
      card: 'title',
      header: t('pipeline.col.candidate'),
      cell: (a) => (
        <>
          <Group gap={6} wrap="wrap">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {a.candidateName}
            </Text>
            {o.isNew(a) ? (
              <Badge color="red.9" size="xs" variant="filled">
                {t('new')}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.candidateEmail}
          </Text>
        </>
      ),
    },
    {
      key: 'stage',
      header: t('pipeline.col.stage'),
      // The card's whole width: a long stage name beside the interview's date would be cut.
      wide: true,
      cell: (a) => (
        <Group gap={4} wrap="wrap">
          <StageBadge stage={a.stage} />
          <InterviewBadge jobId={a.jobId} applicationId={a.id} />
        </Group>
      ),
    },
    { key: 'applied', header: t('pipeline.col.applied'), cell: (a) => formatDate(a.createdAt) },
    {
      key: 'assessment',
      header: t('assessment'),
      cell: (a) => (a.assessment ? <AssessmentSummary assessment={a.assessment} recruiter /> : '—'),
    },
    {
      key: 'open',
      card: 'end',
      hiddenHeader: true,
      header: t('pipeline.openButton'),
      cell: (a) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => o.onOpen(a)}
          aria-label={t('pipeline.open', { name: a.candidateName })}
        >
          {t('pipeline.openButton')}
        </Button>
      ),
    },
  ];
}
