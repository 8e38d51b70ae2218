import '../../jobs/styles';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicJobCard } from '../../../../domain/careers';
import { PageHeader } from '../../../ui/page-header';
import { EMPTY, type Filters, formatDate, JobFilters, JobList, JobMeta, toQuery } from '../../jobs';
import { useCareerDepartments, useCareerJobs } from '../api/careers';

/** /careers: open jobs for anyone, with Browse Jobs' search and filters. */
export function CareersScreen() {
  const { t } = useTranslation('careers');
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [debounced] = useDebouncedValue(filters, 300);
  const jobs = useCareerJobs(toQuery(debounced));
  const departments = useCareerDepartments();

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <JobFilters filters={filters} onChange={setFilters} departments={departments.data ?? []} />
      <JobList jobs={jobs} card={(job) => <CareerCard job={job} />} />
    </>
  );
}

function CareerCard({ job }: { job: PublicJobCard }) {
  const { t } = useTranslation('careers');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Anchor
          component={Link}
          to={job.path}
          fw={600}
          fz="lg"
          style={{ overflowWrap: 'anywhere' }}
        >
          {job.title}
        </Anchor>
        <Text size="sm">
          {job.companyName}
          <Text span c="dimmed" size="sm">
            {job.companyName ? ' · ' : ''}
            {t('postedOn', { date: formatDate(job.publishedAt) })}
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
