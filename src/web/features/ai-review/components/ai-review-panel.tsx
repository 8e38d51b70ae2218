import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiReview } from '../../../../domain/ai-review';
import type { Assessment } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { translateCoded } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { isAnswer, useAiReview, useRequestAiReview } from '../api/review';
import { AiReviewResultView } from './ai-review-result';
import { type CodeLocation, CodeViewModal } from './code-view-modal';
import { ReviewProgress } from './review-progress';

type HeadingOrder = 2 | 3;

/** A stored failure in the reviewer's language (the server's English when we lack one). */
function failureText(review: AiReview): string {
  return (
    (review.errorCode ? translateCoded(review.errorCode, {}) : null) ??
    errorMessage(review.error ?? undefined)
  );
}

/**
 * AI review of a submitted assessment (issue 34), for its reviewer: asked for by a button,
 * then queued, running (the steps as they stream) and done or failed with Retry. The rest of
 * the details page never waits for it.
 */
export function AiReviewPanel({
  assessment,
  headingOrder,
}: {
  assessment: Assessment;
  headingOrder: HeadingOrder;
}) {
  const { t } = useTranslation('ai-reviewer');
  if (!assessment.aiAssistedReview || assessment.status !== 'completed') return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label={t('heading')}
      data-testid="ai-review-panel"
    >
      <Title order={headingOrder} fz="md" mb={4}>
        {t('heading')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('intro')}
      </Text>
      <PanelBody assessment={assessment} order={(headingOrder + 1) as 3 | 4} />
    </Paper>
  );
}

function PanelBody({ assessment, order }: { assessment: Assessment; order: 3 | 4 }) {
  const { t } = useTranslation('ai-reviewer');
  const query = useAiReview(assessment.id);
  const request = useRequestAiReview(assessment.id);
  const [location, setLocation] = useState<CodeLocation | null>(null);

  if (query.isPending) return <LoadingText text={t('loading')} />;
  if (query.isError) {
    // Score before AI (409) and the like: why, not a failure to retry.
    if (isAnswer(query.error))
      return (
        <Text size="sm" data-testid="ai-unavailable">
          {t('unavailable', { reason: errorMessage(query.error) })}
        </Text>
      );
    return (
      <FormError>
        <Group justify="space-between" gap="sm">
          <span>{t('loadFailed', { reason: errorMessage(query.error) })}</span>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </FormError>
    );
  }

  const review = query.data;
  const working = review?.status === 'queued' || review?.status === 'running';
  const ask = (
    <Button
      onClick={() => request.mutate()}
      loading={request.isPending}
      variant={review ? 'default' : 'filled'}
    >
      {review?.status === 'failed' ? t('retry') : review ? t('runAgain') : t('run')}
    </Button>
  );
  return (
    <Stack gap="md">
      {request.isError ? <FormError>{errorMessage(request.error)}</FormError> : null}
      {review?.status === 'failed' ? (
        <Alert color="red" variant="light" data-testid="ai-failed">
          <Stack gap="xs">
            <Text size="sm">{t('failed', { reason: failureText(review) })}</Text>
            <Group>{ask}</Group>
          </Stack>
        </Alert>
      ) : null}
      {working && review ? <ReviewProgress review={review} /> : null}
      {review?.status === 'done' && review.result ? (
        <AiReviewResultView
          assessment={assessment}
          review={review}
          result={review.result}
          order={order}
          onOpen={setLocation}
        />
      ) : null}
      {!review || review.status === 'done' ? <Group>{ask}</Group> : null}
      <CodeViewModal
        assessmentId={assessment.id}
        location={location}
        onClose={() => setLocation(null)}
      />
    </Stack>
  );
}
