import '../styles';
import { Anchor } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { JOB_TEXTS } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useJob, useUpdateJob } from '../api/jobs';
import { jobToForm } from '../lib/job-form';
import { JobForm } from './job-form';

/** Edit a job (/recruiter/job-listings/:jobId/edit). */
export function EditJobScreen() {
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  const update = useUpdateJob();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Edit Job" />
      <Anchor
        component={Link}
        to={`/recruiter/job-listings/${jobId}`}
        size="sm"
        mb="md"
        display="block"
      >
        ← Back to the pipeline
      </Anchor>
      {job.isPending ? <LoadingText text={JOB_TEXTS.loadingJob} /> : null}
      {job.isError ? <FormError>{errorMessage(job.error)}</FormError> : null}
      {job.data ? (
        <JobForm
          key={job.data.id}
          initial={jobToForm(job.data)}
          mode="edit"
          pending={update.isPending}
          error={update.error}
          onCancel={() => navigate(`/recruiter/job-listings/${jobId}`)}
          onSubmit={({ status: _status, ...input }) =>
            update.mutateAsync({ id: jobId, input }).then((saved) => {
              notifySuccess('Job saved', `${saved.title} was updated.`);
              navigate(`/recruiter/job-listings/${jobId}`);
            })
          }
        />
      ) : null}
    </>
  );
}
