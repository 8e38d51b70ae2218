import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';

/**
 * Told before the clock starts (issue 34, EU AI Act transparency): the template's submissions
 * may be reviewed with an AI assistant, and a person decides the result.
 */
export function AiReviewNotice({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation('workspace');
  if (!assessment.aiAssistedReview) return null;
  return (
    <Alert variant="light" color="indigo" title={t('start.aiNotice.title')} data-testid="ai-notice">
      {t('start.aiNotice.body')}
    </Alert>
  );
}
