import '../../jobs/styles';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CAREERS_TEXTS, careerJobId } from '../../../../domain/careers';
import { JOB_TEXTS } from '../../../../domain/jobs';
import { ApiError, errorMessage } from '../../../api/http';
import { LoadingText } from '../../../ui/loading-text';
import { MarkdownView } from '../../../ui/markdown-view';
import { PageHeader } from '../../../ui/page-header';
import { formatDate, JobMeta } from '../../jobs/components/job-badges';
import { useCareerJob } from '../api/careers';
import { ApplySection } from './apply-section';

/** /careers/{slug}-{id}: one open job for anyone, and Apply (signing up or in inline). */
export function CareerJobScreen() {
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

  if (id === null) return <Missing message={CAREERS_TEXTS.notFound} />;
  if (job.isPending) return <LoadingText text={JOB_TEXTS.loadingJob} />;
  if (job.isError) {
    const message =
      job.error instanceof ApiError && job.error.status === 404
        ? job.error.message
        : errorMessage(job.error);
    return <Missing message={message} />;
  }
  const j = job.data;
  return (
    <>
      <PageHeader title={j.title} description={j.companyName || undefined} />
      <Anchor component={Link} to="/careers" size="sm" mb="md" display="block">
        ← {CAREERS_TEXTS.allJobs}
      </Anchor>
      <Stack gap="md">
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Stack gap={6}>
            <JobMeta job={j} />
            <Text size="sm" c="dimmed">
              Posted {formatDate(j.publishedAt)} · {j.openings}{' '}
              {j.openings === 1 ? 'opening' : 'openings'}
              {j.closingDate ? ` · closes ${formatDate(j.closingDate)}` : ''}
            </Text>
          </Stack>
        </Paper>
        <Paper
          withBorder
          p={{ base: 'sm', sm: 'lg' }}
          radius="md"
          component="section"
          aria-label="Description"
        >
          <MarkdownView source={j.description} empty="No description." />
        </Paper>
        <ApplySection job={j} />
      </Stack>
    </>
  );
}

function Missing({ message }: { message: string }) {
  return (
    <>
      <PageHeader title={message} />
      <Anchor component={Link} to="/careers">
        {CAREERS_TEXTS.seeOthers}
      </Anchor>
    </>
  );
}
