import '../styles';
import { Anchor, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ManagedJob, nextStatus } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useRecruiters } from '../../assessments';
import { useDeleteJob, useJobAction, useManagedJobs, useReassignJob } from '../api/jobs';
import { formatDate, JobStatusBadge } from './job-badges';
import { MissingCountry } from './missing-country';

/** Manage Jobs (/admin/jobs): every job; close, unpublish, reassign, remove. */
export function AdminJobsScreen() {
  const { t } = useTranslation('jobs');
  const jobs = useManagedJobs();
  const action = useJobAction();
  const [query, setQuery] = useState('');
  const [reassigning, setReassigning] = useState<ManagedJob | null>(null);
  const [removing, setRemoving] = useState<ManagedJob | null>(null);
  const [error, setError] = useState<unknown>(null);
  const q = query.trim().toLowerCase();
  const shown = (jobs.data ?? []).filter(
    (j) =>
      !q ||
      j.title.toLowerCase().includes(q) ||
      j.recruiterName.toLowerCase().includes(q) ||
      j.companyName.toLowerCase().includes(q),
  );
  const run = (job: ManagedJob, a: 'close' | 'unpublish') =>
    action.mutate(
      { id: job.id, action: a },
      {
        onSuccess: () =>
          notifySuccess(
            t('toast.updated'),
            a === 'close'
              ? t('toast.closedText', { title: job.title })
              : t('toast.unpublishedText', { title: job.title }),
          ),
        onError: setError,
      },
    );

  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <TextInput
        label={t('admin.filter')}
        placeholder={t('admin.filterPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="md"
        maw={360}
      />
      {error ? <FormError>{errorMessage(error)}</FormError> : null}
      {jobs.isPending ? <LoadingText text={t('loading.jobs')} /> : null}
      {jobs.isError ? <FormError>{errorMessage(jobs.error)}</FormError> : null}
      {jobs.data && shown.length === 0 ? <Text>{t('admin.noJobs')}</Text> : null}
      {shown.length > 0 ? (
        <ResponsiveTable
          label={t('jobsList')}
          rows={shown}
          rowKey={(j) => j.id}
          minWidth={760}
          columns={[
            {
              key: 'title',
              card: 'title',
              header: t('admin.col.title'),
              cell: (j) => (
                <>
                  <Anchor
                    component={Link}
                    to={`/admin/jobs/${j.id}`}
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {j.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {j.department}
                  </Text>
                  <MissingCountry job={j} admin />
                </>
              ),
            },
            {
              key: 'owner',
              header: t('admin.col.owner'),
              cell: (j) => (
                <>
                  {j.recruiterName}
                  {j.companyName ? (
                    <Text size="xs" c="dimmed">
                      {j.companyName}
                    </Text>
                  ) : null}
                </>
              ),
            },
            {
              key: 'status',
              header: t('admin.col.status'),
              cell: (j) => <JobStatusBadge status={j.status} />,
            },
            { key: 'applications', header: t('admin.col.applications'), cell: (j) => j.total },
            {
              key: 'created',
              header: t('admin.col.created'),
              cell: (j) => formatDate(j.createdAt),
            },
            {
              key: 'actions',
              card: 'end',
              hiddenHeader: true,
              header: t('actions'),
              cell: (j) => (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={t('actionsFor', { title: j.title })}
                    >
                      {t('actions')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {nextStatus(j.status, 'close') ? (
                      <Menu.Item onClick={() => run(j, 'close')}>{t('action.close')}</Menu.Item>
                    ) : null}
                    {nextStatus(j.status, 'unpublish') ? (
                      <Menu.Item onClick={() => run(j, 'unpublish')}>
                        {t('action.unpublish')}
                      </Menu.Item>
                    ) : null}
                    <Menu.Item onClick={() => setReassigning(j)}>{t('admin.reassign')}</Menu.Item>
                    <Menu.Item color="red" onClick={() => setRemoving(j)}>
                      {t('admin.remove')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ),
            },
          ]}
        />
      ) : null}
      <ReassignModal job={reassigning} onClose={() => setReassigning(null)} />
      <RemoveModal job={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function ReassignModal({ job, onClose }: { job: ManagedJob | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const recruiters = useRecruiters();
  const reassign = useReassignJob();
  const [recruiterId, setRecruiterId] = useState<string | null>(null);
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title={t('admin.reassign')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {job ? (
        <Stack gap="md">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="admin.belongsTo"
              values={{ title: job.title, owner: job.recruiterName }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <Select
            label={t('admin.newOwner')}
            searchable
            placeholder={t('admin.chooseRecruiter')}
            data={(recruiters.data ?? [])
              .filter((r) => r.id !== job.recruiterId)
              .map((r) => ({ value: r.id, label: `${r.name} (${r.email})` }))}
            value={recruiterId}
            onChange={setRecruiterId}
          />
          {reassign.isError ? <FormError>{errorMessage(reassign.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              disabled={!recruiterId}
              loading={reassign.isPending}
              onClick={() =>
                recruiterId &&
                reassign.mutate(
                  { id: job.id, recruiterId },
                  {
                    onSuccess: (j) => {
                      notifySuccess(
                        t('toast.ownerChanged'),
                        t('toast.ownerChangedText', { title: j.title, owner: j.recruiterName }),
                      );
                      setRecruiterId(null);
                      onClose();
                    },
                  },
                )
              }
            >
              {t('admin.reassignSubmit')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function RemoveModal({ job, onClose }: { job: ManagedJob | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const remove = useDeleteJob();
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title={t('admin.removeTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {job ? (
        <Stack gap="md">
          <Text>
            <Trans
              t={t}
              i18nKey="admin.removeConfirm"
              count={job.total}
              values={{ title: job.title, count: job.total }}
              components={{ strong: <strong /> }}
            />
          </Text>
          {remove.isError ? <FormError>{errorMessage(remove.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(job.id, {
                  onSuccess: () => {
                    notifySuccess(t('toast.removed'), t('toast.removedText', { title: job.title }));
                    onClose();
                  },
                })
              }
            >
              {t('admin.remove')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
