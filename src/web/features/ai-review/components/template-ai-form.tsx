import { Button, Group, Stack, Switch } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AiTemplateSettings,
  aiTemplateSettingsSchema,
  type RubricCriterion,
  STARTER_RUBRIC,
} from '../../../../domain/ai-review';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { translateErrors } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useSaveTemplateAi, useTemplateAi } from '../api/admin';
import { RubricEditor, starterRubric } from './rubric-editor';

const resolve = schemaResolver(aiTemplateSettingsSchema, { sync: true });

/** The AI tab's form: the domain's rules, checked in the reader's language. */
export function useTemplateAiForm(initialValues: AiTemplateSettings) {
  return useForm<AiTemplateSettings>({
    initialValues,
    validate: (values) => translateErrors(resolve(values)),
  });
}

/** A new template's AI tab: off, with the starter rubric in the reader's language. */
export function useNewTemplateAiForm() {
  const { t } = useTranslation('ai-admin');
  return useTemplateAiForm({ useAiReview: false, scoreBeforeAi: false, rubric: starterRubric(t) });
}

/** The switches and the rubric, for the edit tab's own form and the create form alike. */
export function TemplateAiFields({ form }: { form: UseFormReturnType<AiTemplateSettings> }) {
  const { t } = useTranslation('ai-admin');
  return (
    <Stack gap="md">
      <Switch
        label={t('template.use')}
        description={t('template.useHint')}
        {...form.getInputProps('useAiReview', { type: 'checkbox' })}
      />
      <Switch
        label={t('template.scoreFirst')}
        description={t('template.scoreFirstHint')}
        {...form.getInputProps('scoreBeforeAi', { type: 'checkbox' })}
      />
      <RubricEditor form={form} />
    </Stack>
  );
}

type Props = { templateId: string; templateTitle: string; onDone: () => void };

function TemplateAiForm({
  templateId,
  templateTitle,
  stored,
  onDone,
}: Props & { stored: AiTemplateSettings }) {
  const { t } = useTranslation('ai-admin');
  const form = useTemplateAiForm(stored);
  const save = useSaveTemplateAi(templateId);
  const [error, setError] = useState<string | null>(null);
  const submit = form.onSubmit(
    (values) => {
      setError(null);
      save.mutate(values, {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t('template.saved', { title: templateTitle }),
          });
          onDone();
        },
        onError: (e) => {
          // The server refused it all: its field issues go beside the fields, nothing was saved.
          const issues = e instanceof ApiError ? issuesToFormErrors(e.issues) : {};
          if (Object.keys(issues).length > 0) {
            form.setErrors(translateErrors(issues));
            setError(t('template.fix'));
          } else setError(t('template.notSaved', { reason: errorMessage(e) }));
        },
      });
    },
    () => setError(t('template.fix')),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TemplateAiFields form={form} />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('template.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('template.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const sameRubric = (a: readonly RubricCriterion[], b: readonly RubricCriterion[]) =>
  a.length === b.length &&
  a.every((c, i) => {
    const d = b[i]!;
    return (
      c.id === d.id &&
      c.title === d.title &&
      c.weight === d.weight &&
      c.levels.length === d.levels.length &&
      c.levels.every(
        (l, j) => l.level === d.levels[j]!.level && l.description === d.levels[j]!.description,
      )
    );
  });

/**
 * The server answers a template that never saved its settings with the defaults and its
 * English starter rubric; the form opens that starter in the reader's language instead, as
 * the "fill starter" button and the create form do. Anything else is shown as stored.
 */
function inReadersLanguage(
  stored: AiTemplateSettings,
  starter: RubricCriterion[],
): AiTemplateSettings {
  const untouched =
    !stored.useAiReview && !stored.scoreBeforeAi && sameRubric(stored.rubric, STARTER_RUBRIC);
  return untouched ? { ...stored, rubric: starter } : stored;
}

/** A template's AI-assisted review: opt in, score first, and its rubric (saved on its own). */
export function TemplateAiSettings(props: Props) {
  const { t } = useTranslation('ai-admin');
  const stored = useTemplateAi(props.templateId);
  if (stored.isPending) return <LoadingText text={t('template.loading')} />;
  if (stored.isError) {
    return (
      <FormError>{t('template.loadFailed', { reason: errorMessage(stored.error) })}</FormError>
    );
  }
  return <TemplateAiForm {...props} stored={inReadersLanguage(stored.data, starterRubric(t))} />;
}
