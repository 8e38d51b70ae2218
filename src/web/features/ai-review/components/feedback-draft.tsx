import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { ENDONYMS, isLanguage } from '../../../../domain/languages';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { useSaveEvaluation } from '../../assessments/api/assessments';

/**
 * The model's feedback draft, for the reviewer to edit. Sending saves it as the assessment's
 * feedback through the evaluation (the saved score stays as it is): the only way it reaches
 * the candidate.
 */
export function FeedbackDraft({
  assessment,
  draft,
  language,
}: {
  assessment: Assessment;
  draft: string;
  language: string;
}) {
  const { t } = useTranslation('ai-reviewer');
  const [text, setText] = useState(draft);
  const save = useSaveEvaluation();
  const send = () =>
    save.mutate(
      { id: assessment.id, score: assessment.score, feedback: text },
      { onSuccess: () => notifySuccess(t('draft.sent'), t('draft.sentText')) },
    );
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('draft.hint', { language: isLanguage(language) ? ENDONYMS[language] : language })}
      </Text>
      <Textarea
        label={t('draft.label')}
        autosize
        minRows={4}
        maxRows={14}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {save.isError ? (
        <FormError>{t('draft.failed', { reason: errorMessage(save.error) })}</FormError>
      ) : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {assessment.feedback ? t('draft.replaces') : ''}
        </Text>
        <Button onClick={send} loading={save.isPending} disabled={!text.trim()}>
          {t('draft.send')}
        </Button>
      </Group>
    </Stack>
  );
}
