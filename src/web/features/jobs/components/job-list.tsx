import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';

/** What JobList reads of a paged jobs query (TanStack's useInfiniteQuery answer). */
interface PagedJobs<T> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A paged list of job cards: loading, failure and empty states, the list, Load more.
 * Browse Jobs and the public careers page share it; each draws its own card.
 */
export function JobList<T extends { id: string }>({
  jobs,
  card,
}: {
  jobs: PagedJobs<T>;
  card: (job: T) => ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {jobs.isPending ? <LoadingText text={t('loading.jobs')} /> : null}
      {jobs.isError ? <FormError>{errorMessage(jobs.error)}</FormError> : null}
      {jobs.data && items.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('empty.jobs')}</Text>
        </Paper>
      ) : null}
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('jobsList')}
      >
        {items.map((job) => (
          <li key={job.id}>{card(job)}</li>
        ))}
      </Stack>
      {jobs.hasNextPage ? (
        <Group justify="center" mt="md">
          <Button
            variant="default"
            loading={jobs.isFetchingNextPage}
            onClick={() => jobs.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
