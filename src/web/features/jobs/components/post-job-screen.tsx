import '../styles';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useCreateJob } from '../api/jobs';
import { emptyJobForm } from '../lib/job-form';
import { JobForm } from './job-form';

/** Post Job (/recruiter/post-job): save as a draft or publish at once. */
export function PostJobScreen() {
  const create = useCreateJob();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Post Job"
        description="Describe the role. Drafts stay private until you publish them."
      />
      <JobForm
        initial={emptyJobForm()}
        mode="new"
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) =>
          create.mutateAsync(input).then((job) => {
            notifySuccess(
              job.status === 'published' ? 'Job published' : 'Draft saved',
              job.status === 'published'
                ? `${job.title} is now visible to candidates.`
                : `${job.title} was saved as a draft.`,
            );
            navigate('/recruiter/job-listings');
          })
        }
      />
    </>
  );
}
