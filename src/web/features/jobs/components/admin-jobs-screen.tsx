import '../styles';
import {
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { JOB_TEXTS, type ManagedJob, nextStatus } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useRecruiters } from '../../assessments/api/templates';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useDeleteJob, useJobAction, useManagedJobs, useReassignJob } from '../api/jobs';
import { formatDate, JobStatusBadge } from './job-badges';

/** Manage Jobs (/admin/jobs): every job; close, unpublish, reassign, remove. */
export function AdminJobsScreen() {
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
            'Job updated',
            `${job.title} was ${a === 'close' ? 'closed' : 'unpublished'}.`,
          ),
        onError: setError,
      },
    );

  return (
    <>
      <PageHeader title="Manage Jobs" description="Every job on the platform." />
      <TextInput
        label="Filter"
        placeholder="Title, recruiter or company"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="md"
        maw={360}
      />
      {error ? <FormError>{errorMessage(error)}</FormError> : null}
      {jobs.isPending ? <LoadingText text={JOB_TEXTS.loadingJobs} /> : null}
      {jobs.isError ? <FormError>{errorMessage(jobs.error)}</FormError> : null}
      {jobs.data && shown.length === 0 ? <Text>No jobs found.</Text> : null}
      {shown.length > 0 ? (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Jobs" verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Applications</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((j) => (
                <Table.Tr key={j.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/jobs/${j.id}`} fw={500}>
                      {j.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {j.department}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {j.recruiterName}
                    {j.companyName ? (
                      <Text size="xs" c="dimmed">
                        {j.companyName}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <JobStatusBadge status={j.status} />
                  </Table.Td>
                  <Table.Td>{j.total}</Table.Td>
                  <Table.Td>{formatDate(j.createdAt)}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button variant="default" size="xs" aria-label={`Actions: ${j.title}`}>
                          Actions
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {nextStatus(j.status, 'close') ? (
                          <Menu.Item onClick={() => run(j, 'close')}>Close</Menu.Item>
                        ) : null}
                        {nextStatus(j.status, 'unpublish') ? (
                          <Menu.Item onClick={() => run(j, 'unpublish')}>Unpublish</Menu.Item>
                        ) : null}
                        <Menu.Item onClick={() => setReassigning(j)}>Reassign owner</Menu.Item>
                        <Menu.Item color="red" onClick={() => setRemoving(j)}>
                          Remove
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <ReassignModal job={reassigning} onClose={() => setReassigning(null)} />
      <RemoveModal job={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function ReassignModal({ job, onClose }: { job: ManagedJob | null; onClose: () => void }) {
  const recruiters = useRecruiters();
  const reassign = useReassignJob();
  const [recruiterId, setRecruiterId] = useState<string | null>(null);
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title="Reassign owner"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {job ? (
        <Stack gap="md">
          <Text size="sm">
            <strong>{job.title}</strong> belongs to {job.recruiterName}.
          </Text>
          <Select
            label="New owner"
            searchable
            placeholder="Choose a recruiter"
            data={(recruiters.data ?? [])
              .filter((r) => r.id !== job.recruiterId)
              .map((r) => ({ value: r.id, label: `${r.name} (${r.email})` }))}
            value={recruiterId}
            onChange={setRecruiterId}
          />
          {reassign.isError ? <FormError>{errorMessage(reassign.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
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
                        'Owner changed',
                        `${j.title} now belongs to ${j.recruiterName}.`,
                      );
                      setRecruiterId(null);
                      onClose();
                    },
                  },
                )
              }
            >
              Reassign
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function RemoveModal({ job, onClose }: { job: ManagedJob | null; onClose: () => void }) {
  const remove = useDeleteJob();
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title="Remove job"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {job ? (
        <Stack gap="md">
          <Text>
            Remove <strong>{job.title}</strong> and its {job.total}{' '}
            {job.total === 1 ? 'application' : 'applications'}? This cannot be undone.
          </Text>
          {remove.isError ? <FormError>{errorMessage(remove.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(job.id, {
                  onSuccess: () => {
                    notifySuccess('Job removed', `${job.title} was removed.`);
                    onClose();
                  },
                })
              }
            >
              Remove
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
