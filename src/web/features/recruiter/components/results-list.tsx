import { Button, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSESSMENT_TEXTS, type Assessment } from '../../../../domain/assessments';
import { LoadingText } from '../../../ui/loading-text';
import { SimilarityFlag } from '../../review/similarity-flag';
import { RESULT_FILTERS, type ResultFilter } from '../lib/filters';
import { formatDate } from '../lib/format';
import { AssessmentCard } from './assessment-card';
import { AssessmentDetails } from './assessment-details';
import { EmptyState, LoadError } from './query-states';
import { ToggleGroup } from './toggle-group';

type ResultsListProps = {
  query: UseQueryResult<Assessment[]>;
  /** The assessments after the page's own filters (position, search). */
  visible: Assessment[];
};

/** Assessment Results: status filters, cards, and View Details in a modal. */
export function ResultsList({ query, visible }: ResultsListProps) {
  const [filter, setFilter] = useState<ResultFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const open = visible.find((a) => a.id === openId) ?? query.data?.find((a) => a.id === openId);

  const body = (() => {
    if (query.isPending) return <LoadingText text={ASSESSMENT_TEXTS.loadingAssessments} />;
    if (query.isError) {
      return (
        <LoadError
          text={ASSESSMENT_TEXTS.errorLoadingResults}
          onRetry={() => void query.refetch()}
        />
      );
    }
    const shown = filter === 'all' ? visible : visible.filter((a) => a.status === filter);
    if (shown.length === 0) return <EmptyState>{ASSESSMENT_TEXTS.noAssessmentsFound}</EmptyState>;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((a) => (
          <AssessmentCard
            key={a.id}
            assessment={a}
            details={
              <>
                <Text size="sm" c="dimmed">
                  Completed: {formatDate(a.completedDate)}
                </Text>
                <SimilarityFlag percent={a.similarityFlag} />
              </>
            }
            actions={
              <Button
                variant="light"
                size="xs"
                onClick={() => setOpenId(a.id)}
                aria-label={`View Details: ${a.candidateName || 'Unnamed candidate'}, ${a.title}`}
              >
                View Details
              </Button>
            }
          />
        ))}
      </SimpleGrid>
    );
  })();

  return (
    <Stack gap="md">
      <VisuallyHidden component="h2">Assessments by status</VisuallyHidden>
      <ToggleGroup
        label="Filter by status"
        options={RESULT_FILTERS}
        value={filter}
        onChange={setFilter}
      />
      {body}
      <Modal
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        title={
          open
            ? `${open.candidateName || 'Unnamed candidate'} · ${open.title}`
            : 'Assessment details'
        }
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {openId ? <AssessmentDetails id={openId} level={3} /> : null}
      </Modal>
    </Stack>
  );
}
