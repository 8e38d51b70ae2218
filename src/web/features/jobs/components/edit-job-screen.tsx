import '../styles';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useJob, useUpdateJob } from '../api/jobs';
import { jobToForm } from '../lib/job-form';
import { JobForm } from './job-form';

/**
 * Edit a job (/recruiter/job-listings/:jobId/edit, or /admin/jobs/:jobId/edit for an admin).
 * `?focus=country` opens it on the country field (the lists' "No country" marker).
 */
export function EditJobScreen({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation('jobs');
  const { jobId = '' } = useParams();
  const [search] = useSearchParams();
  const pipeline = `${admin ? '/admin/jobs' : '/recruiter/job-listings'}/${jobId}`;
  const job = useJob(jobId);
  const update = useUpdateJob();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('edit.title')} />
      <Anchor component={Link} to={pipeline} size="sm" mb="md" display="block">
        {t('edit.back')}
      </Anchor>
      {job.isPending ? <LoadingText text={t('loading.job')} /> : null}
      {job.isError ? <FormError>{errorMessage(job.error)}</FormError> : null}
      {job.data ? (
        <JobForm
          key={job.data.id}
          initial={jobToForm(job.data)}
          mode="edit"
          focus={search.get('focus') === 'country' ? 'country' : undefined}
          pending={update.isPending}
          error={update.error}
          onCancel={() => navigate(pipeline)}
          onSubmit={({ status: _status, ...input }) =>
            update.mutateAsync({ id: jobId, input }).then((saved) => {
              notifySuccess(t('toast.saved'), t('toast.savedText', { title: saved.title }));
              navigate(pipeline);
            })
          }
        />
      ) : null}
    </>
  );
}
