import '../../jobs/styles';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { CAREERS_TEXTS, type PublicJobCard } from '../../../../domain/careers';
import { JOB_TEXTS } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { formatDate, JobMeta } from '../../jobs/components/job-badges';
import { EMPTY, type Filters, JobFilters, toQuery } from '../../jobs/components/job-filters';
import { useCareerDepartments, useCareerJobs } from '../api/careers';

/** /careers: open jobs for anyone, with Browse Jobs' search and filters. */
export function CareersScreen() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const jobs = useCareerJobs(toQuery(debounced));
  const departments = useCareerDepartments();
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageHeader title={CAREERS_TEXTS.title} description={CAREERS_TEXTS.description} />
      <JobFilters filters={filters} onChange={setFilters} departments={departments.data ?? []} />
      {jobs.isPending ? <LoadingText text={JOB_TEXTS.loadingJobs} /> : null}
      {jobs.isError ? <FormError>{errorMessage(jobs.error)}</FormError> : null}
      {jobs.data && items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{JOB_TEXTS.noJobs}</Text>
        </Paper>
      ) : null}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Jobs"
      >
        {items.map((job) => (
          <li key={job.id}>
            <CareerCard job={job} />
          </li>
        ))}
      </Stack>
      {jobs.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button
            variant="default"
            loading={jobs.isFetchingNextPage}
            onClick={() => jobs.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </>
  );
}

function CareerCard({ job }: { job: PublicJobCard }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Anchor component={Link} to={job.path} fw={600} fz="lg">
          {job.title}
        </Anchor>
        <Text size="sm">
          {job.companyName}
          <Text span c="dimmed" size="sm">
            {job.companyName ? ' · ' : ''}posted {formatDate(job.publishedAt)}
          </Text>
        </Text>
        <JobMeta job={job} />
        <Text size="sm" c="dimmed" lineClamp={2}>
          {job.excerpt}
        </Text>
      </Stack>
    </Paper>
  );
}
