import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiReview } from '../../../../domain/ai-review';
import { formatDateTime } from '../../../lib/format';

/** Under every AI output: which model wrote it and when, and that a person must check it. */
export function AiGeneratedNote({
  review,
}: {
  review: Pick<AiReview, 'model' | 'finishedAt' | 'createdAt'>;
}) {
  const { t } = useTranslation('ai-reviewer');
  return (
    <Text size="xs" c="dimmed" fs="italic" data-testid="ai-generated">
      {t('generated', {
        model: review.model,
        time: formatDateTime(review.finishedAt ?? review.createdAt),
      })}
    </Text>
  );
}
