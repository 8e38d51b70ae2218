import '../styles';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import {
  type BrowseQuery,
  JOB_TEXTS,
  JOB_TYPE_LABELS,
  type JobCard,
  POSTED_WITHIN,
  POSTED_WITHIN_LABELS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useActiveDepartments } from '../../departments/api/departments';
import { useBrowseJobs } from '../api/jobs';
import { formatDate, JobMeta, READABLE } from './job-badges';

type Filters = {
  q: string;
  department: string | null;
  location: string;
  workplaceType: string | null;
  jobType: string | null;
  experience: string | null;
  salaryMin: number | string;
  posted: string | null;
};
const EMPTY: Filters = {
  q: '',
  department: null,
  location: '',
  workplaceType: null,
  jobType: null,
  experience: null,
  salaryMin: '',
  posted: null,
};

const toQuery = (f: Filters): BrowseQuery => ({
  q: f.q.trim() || undefined,
  department: f.department ?? undefined,
  location: f.location.trim() || undefined,
  workplaceType: (f.workplaceType ?? undefined) as BrowseQuery['workplaceType'],
  jobType: (f.jobType ?? undefined) as BrowseQuery['jobType'],
  experience: (f.experience ?? undefined) as BrowseQuery['experience'],
  salaryMin: f.salaryMin === '' ? undefined : Number(f.salaryMin),
  posted: (f.posted ?? undefined) as BrowseQuery['posted'],
});

/** Browse Jobs (/candidate/jobs): keyword search, filters, newest first. */
export function BrowseJobsScreen() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const jobs = useBrowseJobs(toQuery(debounced));
  const departments = useActiveDepartments();
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageHeader title="Browse Jobs" description="Open positions, newest first." />
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        radius="md"
        mb="md"
        component="section"
        aria-label="Search and filters"
      >
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Search"
              type="search"
              placeholder="Title, skill, department…"
              value={filters.q}
              maxLength={100}
              onChange={(e) => set('q', e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Select
              label="Department"
              clearable
              placeholder={DEPARTMENT_TEXTS.allDepartments}
              data={(departments.data ?? []).map((d) => d.name)}
              value={filters.department}
              onChange={(v) => set('department', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              label="Location"
              placeholder="e.g. Berlin"
              value={filters.location}
              maxLength={100}
              onChange={(e) => set('location', e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2.4 }}>
            <Select
              label="Workplace"
              clearable
              placeholder="Any"
              data={WORKPLACE_TYPES.map((w) => ({ value: w, label: WORKPLACE_LABELS[w] }))}
              value={filters.workplaceType}
              onChange={(v) => set('workplaceType', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2.4 }}>
            <Select
              label="Job type"
              clearable
              placeholder="Any"
              data={JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }))}
              value={filters.jobType}
              onChange={(v) => set('jobType', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2.4 }}>
            <Select
              label="Experience"
              clearable
              placeholder="Any"
              data={[...EXPERIENCE_OPTIONS]}
              value={filters.experience}
              onChange={(v) => set('experience', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 2.4 }}>
            <NumberInput
              label="Minimum salary"
              placeholder="Any"
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              value={filters.salaryMin}
              onChange={(v) => set('salaryMin', v)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 2.4 }}>
            <Select
              label="Posted"
              clearable
              placeholder="Any time"
              data={POSTED_WITHIN.map((p) => ({ value: p, label: POSTED_WITHIN_LABELS[p] }))}
              value={filters.posted}
              onChange={(v) => set('posted', v)}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="xs" onClick={() => setFilters(EMPTY)}>
            Clear filters
          </Button>
        </Group>
      </Paper>

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
