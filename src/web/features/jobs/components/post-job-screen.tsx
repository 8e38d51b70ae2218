import '../styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { PageHeader } from '../../../ui/page-header';
import { useCreateJob } from '../api/jobs';
import { emptyJobForm } from '../lib/job-form';
import { JobForm } from './job-form';

/** Post Job (/recruiter/post-job): save as a draft or publish at once. */
export function PostJobScreen() {
  const { t } = useTranslation('jobs');
  const create = useCreateJob();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('post.title')} description={t('post.description')} />
      <JobForm
        initial={emptyJobForm()}
        mode="new"
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) =>
          create.mutateAsync(input).then((job) => {
            if (job.status === 'published') {
              notifySuccess(t('toast.published'), t('toast.publishedText', { title: job.title }));
            } else {
              notifySuccess(t('toast.draftSaved'), t('toast.draftSavedText', { title: job.title }));
            }
            navigate('/recruiter/job-listings');
          })
        }
      />
    </>
  );
}
