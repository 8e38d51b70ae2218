import { Button, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { formatDate } from '../../../lib/format';
import { LoadingText } from '../../../ui/loading-text';
import { EmptyState, LoadError } from '../../../ui/query-states';
import { SimilarityFlag } from '../../review';
import { RESULT_FILTERS, type ResultFilter } from '../lib/filters';
import { AssessmentCard } from './assessment-card';
import { AssessmentDetails } from './assessment-details';
import { ToggleGroup } from './toggle-group';

type ResultsListProps = {
  query: UseQueryResult<Assessment[]>;
  /** The assessments after the page's own filters (position, search). */
  visible: Assessment[];
};

/** Assessment Results: status filters, cards, and View Details in a modal. */
export function ResultsList({ query, visible }: ResultsListProps) {
  const { t } = useTranslation('recruiter');
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const open = visible.find((a) => a.id === openId) ?? query.data?.find((a) => a.id === openId);

  const body = (() => {
    if (query.isPending) return <LoadingText text={t('loadingAssessments')} />;
    if (query.isError) {
      return <LoadError text={t('errorLoadingResults')} onRetry={() => void query.refetch()} />;
    }
    const shown = filter === 'all' ? visible : visible.filter((a) => a.status === filter);
    if (shown.length === 0) return <EmptyState>{t('noAssessmentsFound')}</EmptyState>;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((a) => (
          <AssessmentCard
            key={a.id}
            assessment={a}
            details={
              <>
                <Text size="sm" c="dimmed">
                  {a.completedDate
                    ? t('results.completedOn', { date: formatDate(a.completedDate) })
                    : t('results.notCompleted')}
                </Text>
                <SimilarityFlag percent={a.similarityFlag} />
              </>
            }
            actions={
              <Button
                variant="light"
                size="xs"
                onClick={() => setOpenId(a.id)}
                aria-label={t('results.viewDetailsLabel', {
                  name: a.candidateName || t('unnamedCandidate'),
                  title: a.title,
                })}
              >
                {t('results.viewDetails')}
              </Button>
            }
          />
        ))}
      </SimpleGrid>
    );
  })();

  return (
    <Stack gap="md">
      <VisuallyHidden component="h2">{t('results.byStatus')}</VisuallyHidden>
      <ToggleGroup
        label={t('resultFilters.label')}
        options={RESULT_FILTERS.map((value) => ({ value, label: t(`resultFilters.${value}`) }))}
        value={filter}
        onChange={setFilter}
      />
      {body}
      <Modal
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        title={
          open
            ? t('results.modalTitle', {
                name: open.candidateName || t('unnamedCandidate'),
                title: open.title,
              })
            : t('results.detailsTitle')
        }
        size="xl"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {openId ? <AssessmentDetails id={openId} level={3} /> : null}
      </Modal>
    </Stack>
  );
}
