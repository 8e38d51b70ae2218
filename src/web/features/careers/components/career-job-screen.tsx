import '../../jobs/styles';
import { Anchor, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { careerJobId } from '../../../../domain/careers';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { JobDescription, JobHeader } from '../../jobs';
import { useCareerJob } from '../api/careers';
import { ApplySection } from './apply-section';

/** /careers/{slug}-{id}: one open job for anyone, and Apply (signing up or in inline). */
export function CareerJobScreen() {
  const { t } = useTranslation('careers');
  const { jobSlug = '' } = useParams();
  const id = careerJobId(jobSlug);
  const job = useCareerJob(id);
  const location = useLocation();
  const navigate = useNavigate();
  const path = job.data?.path;
  // The job's one address (its title may have changed since the link was made).
  useEffect(() => {
    if (path && path !== location.pathname) {
      navigate({ pathname: path, hash: location.hash }, { replace: true });
    }
  }, [path, location.pathname, location.hash, navigate]);
  // Apply pressed on the page the server sent (src/web/careers-job.ts): show the form.
  const loaded = job.isSuccess;
  useEffect(() => {
    if (loaded && location.hash === '#apply') document.getElementById('apply')?.scrollIntoView();
  }, [loaded, location.hash]);

  if (id === null) return <Missing message={t('notFound')} />;
  if (job.isPending) return <LoadingText text={t('loadingJob')} />;
  if (job.isError) {
    // A 404's message ('Job not found', 'This job is no longer open') is the page's title.
    const message = errorMessage(job.error);
    return <Missing message={message} />;
  }
  const j = job.data;
  return (
    <>
      <JobHeader job={j} hirer={j.companyName} back={{ to: '/careers', label: t('allJobs') }} />
      <Stack gap="md">
        <JobDescription source={j.description} />
        <ApplySection job={j} />
      </Stack>
    </>
  );
}

function Missing({ message }: { message: string }) {
  const { t } = useTranslation('careers');
  return (
    <>
      <PageHeader title={message} />
      <Anchor component={Link} to="/careers">
        {t('seeOthers')}
      </Anchor>
    </>
  );
}
