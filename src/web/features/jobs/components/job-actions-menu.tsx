import { Button, Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  JOB_ACTION_LABELS,
  JOB_ACTIONS,
  JOB_STATUS_LABELS,
  type JobAction,
  type JobStatus,
  nextStatus,
} from '../../../../domain/jobs';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useDuplicateJob, useJobAction } from '../api/jobs';

/** Edit, publish, close, reopen, duplicate, archive: what the job's status allows. */
export function JobActionsMenu({
  job,
  onError,
  extra,
}: {
  job: { id: string; title: string; status: JobStatus };
  onError: (error: unknown) => void;
  extra?: JobAction[];
}) {
  const navigate = useNavigate();
  const action = useJobAction();
  const duplicate = useDuplicateJob();
  const allowed = JOB_ACTIONS.filter(
    (a) => (a !== 'unpublish' || extra?.includes(a)) && nextStatus(job.status, a) !== null,
  );
  const run = (a: JobAction) =>
    action.mutate(
      { id: job.id, action: a },
      {
        onSuccess: (j) =>
          notifySuccess(
            'Job updated',
            `${j.title} is now ${JOB_STATUS_LABELS[j.status].toLowerCase()}.`,
          ),
        onError,
      },
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={action.isPending || duplicate.isPending}
          aria-label={`Actions: ${job.title}`}
          // Its full width beside a long title, down to 375 px (issue 24).
          style={{ flexShrink: 0 }}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {job.status !== 'archived' ? (
          <Menu.Item onClick={() => navigate(`/recruiter/job-listings/${job.id}/edit`)}>
            Edit
          </Menu.Item>
        ) : null}
        {allowed.map((a) => (
          <Menu.Item key={a} color={a === 'archive' ? 'red' : undefined} onClick={() => run(a)}>
            {JOB_ACTION_LABELS[a]}
          </Menu.Item>
        ))}
        <Menu.Item
          onClick={() =>
            duplicate.mutate(job.id, {
              onSuccess: (copy) => {
                notifySuccess('Duplicated', `A draft copy of ${copy.title} was created.`);
                navigate(`/recruiter/job-listings/${copy.id}/edit`);
              },
              onError,
            })
          }
        >
          Duplicate
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
