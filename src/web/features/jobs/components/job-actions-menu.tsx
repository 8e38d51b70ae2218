import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JOB_ACTIONS, type JobAction, type JobStatus, nextStatus } from '../../../../domain/jobs';
import { notifySuccess } from '../../../lib/notify';
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
  const { t } = useTranslation('jobs');
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
            t('toast.updated'),
            t('toast.nowStatus', { title: j.title, status: t(`statusInSentence.${j.status}`) }),
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
          aria-label={t('actionsFor', { title: job.title })}
          // Its full width beside a long title, down to 375 px (issue 24).
          style={{ flexShrink: 0 }}
        >
          {t('actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {job.status !== 'archived' ? (
          <Menu.Item onClick={() => navigate(`/recruiter/job-listings/${job.id}/edit`)}>
            {t('action.edit')}
          </Menu.Item>
        ) : null}
        {allowed.map((a) => (
          <Menu.Item key={a} color={a === 'archive' ? 'red' : undefined} onClick={() => run(a)}>
            {t(`action.${a}`)}
          </Menu.Item>
        ))}
        <Menu.Item
          onClick={() =>
            duplicate.mutate(job.id, {
              onSuccess: (copy) => {
                notifySuccess(
                  t('toast.duplicated'),
                  t('toast.duplicatedText', { title: copy.title }),
                );
                navigate(`/recruiter/job-listings/${copy.id}/edit`);
              },
              onError,
            })
          }
        >
          {t('action.duplicate')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
