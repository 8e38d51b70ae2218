import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Assessment, evaluationInputSchema, MAX_SCORE } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/format';
import { translateErrors } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { useSaveEvaluation } from '../api/assessments';

type EvaluationValues = { score: number | string; feedback: string };

/** The NumberInput's '' (empty) is saved as null (spec section 5); '-' or '1.' stay invalid. */
const toInput = (values: EvaluationValues) => ({
  score:
    values.score === ''
      ? null
      : typeof values.score === 'number'
        ? values.score
        : Number.isFinite(Number(values.score))
          ? Number(values.score)
          : Number.NaN,
  feedback: values.feedback,
});

const validateEvaluation = schemaResolver(evaluationInputSchema, { sync: true });

/** Score (whole number 0 to 100, or empty) and feedback; saving sets reviewedAt. */
export function EvaluationForm({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation('recruiter');
  const save = useSaveEvaluation();
  const form = useForm<EvaluationValues>({
    initialValues: { score: assessment.score ?? '', feedback: assessment.feedback ?? '' },
    validate: (values) => translateErrors(validateEvaluation(toInput(values))),
  });

  // Feedback saved elsewhere (the AI review's draft, sent as the feedback) shows here too.
  const saved = assessment.feedback;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly saved feedback updates the field
  useEffect(() => {
    if (saved !== null && form.getValues().feedback !== saved)
      form.setFieldValue('feedback', saved);
  }, [saved]);

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: assessment.id, ...toInput(values) },
      {
        onSuccess: () => notifySuccess(t('evaluation.saved'), t('evaluation.savedText')),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('evaluation.formLabel')}>
      <Stack gap="md">
        <NumberInput
          label={t('evaluation.score')}
          description={t('evaluation.scoreHint', { max: MAX_SCORE })}
          min={0}
          max={MAX_SCORE}
          // A fractional or negative entry is shown and refused with a message, not changed.
          allowDecimal
          allowNegative
          clampBehavior="none"
          {...form.getInputProps('score')}
        />
        <Textarea
          label={t('evaluation.feedback')}
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('feedback')}
        />
        {save.isError ? (
          <FormError>{t('evaluation.failed', { reason: errorMessage(save.error) })}</FormError>
        ) : null}
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" role="status">
            {assessment.reviewedAt
              ? t('evaluation.reviewed', { date: formatDateTime(assessment.reviewedAt) })
              : t('evaluation.notReviewed')}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('evaluation.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
