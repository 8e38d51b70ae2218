import '../styles';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { JOB_TEXTS, type JobCard } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useActiveDepartments } from '../../departments/api/departments';
import { useBrowseJobs } from '../api/jobs';
import { formatDate, JobMeta, READABLE } from './job-badges';
import { EMPTY, type Filters, JobFilters, toQuery } from './job-filters';

/** Browse Jobs (/candidate/jobs): keyword search, filters, newest first. */
export function BrowseJobsScreen() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const jobs = useBrowseJobs(toQuery(debounced));
  const departments = useActiveDepartments();
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageHeader title="Browse Jobs" description="Open positions, newest first." />
      <JobFilters
        filters={filters}
        onChange={setFilters}
        departments={(departments.data ?? []).map((d) => d.name)}
      />

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
            <JobCardView job={job} />
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

function JobCardView({ job }: { job: JobCard }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/candidate/jobs/${job.id}`} fw={600} fz="lg">
            {job.title}
          </Anchor>
          {job.applied ? (
            <Badge color="green" variant="light" styles={READABLE}>
              Applied
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {job.companyName || job.recruiterName}
          <Text span c="dimmed" size="sm">
            {' '}
            · posted {formatDate(job.publishedAt)}
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
