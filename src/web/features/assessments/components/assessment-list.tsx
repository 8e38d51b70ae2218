import { Button, Paper, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { AssessmentCard } from './candidate-assessment-card';

type AssessmentListProps = {
  query: Pick<UseQueryResult<Assessment[]>, 'isError' | 'error' | 'refetch'>;
  /** What to show, already filtered; undefined until the first answer. */
  assessments: Assessment[] | undefined;
  loadingText: string;
  empty: ReactNode;
  withDescription?: boolean;
  headingOrder?: 2 | 3;
};

/** The cards, or the loading text, the server's error (with a retry) or the empty state. */
export function AssessmentList({
  query,
  assessments,
  loadingText,
  empty,
  withDescription,
  headingOrder,
}: AssessmentListProps) {
  const { t } = useTranslation('candidate-assessments');
  // A failed refresh keeps the cards already shown, under the error.
  const failure = query.isError ? (
    <Stack gap="sm" align="flex-start">
      <FormError>{errorMessage(query.error)}</FormError>
      <Button variant="default" onClick={() => void query.refetch()}>
        {t('list.retry')}
      </Button>
    </Stack>
  ) : null;
  if (!assessments) return failure ?? <LoadingText text={loadingText} />;
  if (assessments.length === 0) {
    return (
      <Stack gap="md">
        {failure}
        <Paper withBorder radius="md" p="lg" ta="center">
          {empty}
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {failure}
      {assessments.map((assessment) => (
        <AssessmentCard
          key={assessment.id}
          assessment={assessment}
          withDescription={withDescription}
          headingOrder={headingOrder}
        />
      ))}
    </Stack>
  );
}

/** An empty state's lines, centred. */
export function EmptyText({ lines }: { lines: string[] }) {
  return (
    <Stack gap={4} align="center">
      {lines.map((line, i) => (
        <Text key={line} fw={i === 0 ? 600 : undefined} c={i === 0 ? undefined : 'dimmed'}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}
