import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AiReview } from '../../../../domain/ai-review';
import type { Assessment } from '../../../../domain/assessments';
import { useAiReview } from '../api/review';
import { AiGeneratedNote } from './ai-generated-note';

/** The score our code computed from the model's rubric levels: shown, never entered. */
export function ScoreSuggestion({ review, score }: { review: AiReview; score: number }) {
  const { t } = useTranslation('ai-reviewer');
  return (
    <Paper withBorder radius="sm" p="xs" bg="indigo.0" data-testid="ai-score-suggestion">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('score.label')}
      </Text>
      <Text fw={700} fz="lg">
        {t('score.value', { score })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('score.hint')}
      </Text>
      <AiGeneratedNote review={review} />
    </Paper>
  );
}

/**
 * Beside the score form: the newest finished review's suggestion, if any. Reads the panel's
 * query (no request of its own once the panel loaded it).
 */
export function ScoreSuggestionBesideForm({ assessment }: { assessment: Assessment }) {
  if (!assessment.aiAssistedReview || assessment.status !== 'completed') return null;
  return <Suggestion assessmentId={assessment.id} />;
}

function Suggestion({ assessmentId }: { assessmentId: string }) {
  const query = useAiReview(assessmentId);
  const review = query.data;
  if (review?.status !== 'done' || review.result?.scoreSuggestion == null) return null;
  return <ScoreSuggestion review={review} score={review.result.scoreSuggestion} />;
}
