import {
  Button,
  CloseButton,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type AiTemplateSettings,
  type RubricCriterion,
  STARTER_RUBRIC,
} from '../../../../domain/ai-review';
import { FormError } from '../../../ui/form-error';

export const MIN_CRITERIA = 2;
export const MAX_CRITERIA = 8;
const MAX_LEVELS = 6;

/**
 * An editable copy of the starter rubric in the editor's language: the domain's ids, weights
 * and levels, with the names and level texts from the catalogue. What is saved is what the
 * admin then edits, in whatever language it is.
 */
export const starterRubric = (t: TFunction<'ai-admin'>): RubricCriterion[] =>
  STARTER_RUBRIC.map((c) => ({
    id: c.id,
    title: t(`starterRubric.${c.id}.title`),
    weight: c.weight,
    levels: c.levels.map((l) => ({
      level: l.level,
      description: t(`starterRubric.${c.id}.levels.${l.level}`),
    })),
  }));

/** A new criterion: its id only has to be unique (the model names criteria by it). */
function newCriterion(existing: readonly RubricCriterion[]): RubricCriterion {
  let n = existing.length + 1;
  while (existing.some((c) => c.id === `criterion-${n}`)) n += 1;
  return {
    id: `criterion-${n}`,
    title: '',
    weight: 1,
    levels: [0, 1, 2, 3].map((level) => ({ level, description: '' })),
  };
}

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

type Form = UseFormReturnType<AiTemplateSettings>;

function CriterionFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation('ai-admin');
  const criterion = form.values.rubric[index]!;
  const name = criterion.title.trim() || t('template.untitled', { n: index + 1 });
  const path = `rubric.${index}`;
  const levelsError = form.errors[`${path}.levels`];
  const nextLevel = Math.max(-1, ...criterion.levels.map((l) => l.level)) + 1;
  return (
    <Fieldset
      legend={t('template.criterion', { n: index + 1 })}
      radius="md"
      styles={{ legend: { fontWeight: 600 } }}
      data-testid="rubric-criterion"
    >
      <Stack gap="xs">
        {/* On a phone the name takes the whole row, weight and remove go below it. */}
        <Group align="flex-start" wrap="wrap" gap="xs">
          <TextInput
            label={t('template.name')}
            style={{ flex: '1 1 180px' }}
            {...form.getInputProps(`${path}.title`)}
          />
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <NumberInput
              label={t('template.weight')}
              min={1}
              max={10}
              allowDecimal={false}
              w={96}
              {...form.getInputProps(`${path}.weight`)}
              onChange={(v) => form.setFieldValue(`${path}.weight`, asNumber(v))}
            />
            <CloseButton
              mt={28}
              aria-label={t('template.removeCriterion', { name })}
              disabled={form.values.rubric.length <= MIN_CRITERIA}
              onClick={() => form.removeListItem('rubric', index)}
            />
          </Group>
        </Group>
        {/* One heading row for the levels; each input carries its own accessible name. */}
        <Group gap="xs" wrap="nowrap" aria-hidden>
          <Text size="sm" fw={500} w={64}>
            {t('template.level')}
          </Text>
          <Text size="sm" fw={500}>
            {t('template.meaning')}
          </Text>
        </Group>
        {criterion.levels.map((level, li) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: controlled inputs; a level has no identity of its own
          <Group key={li} align="flex-start" wrap="nowrap" gap="xs">
            <NumberInput
              aria-label={t('template.levelNumber', { n: li + 1, name })}
              min={0}
              max={10}
              allowDecimal={false}
              hideControls
              w={64}
              {...form.getInputProps(`${path}.levels.${li}.level`)}
              onChange={(v) => form.setFieldValue(`${path}.levels.${li}.level`, asNumber(v))}
            />
            {/* Grows with its text: a level's meaning wraps to several lines on a phone. */}
            <Textarea
              aria-label={t('template.levelText', { level: level.level })}
              autosize
              minRows={2}
              style={{ flex: 1 }}
              {...form.getInputProps(`${path}.levels.${li}.description`)}
            />
            <CloseButton
              mt={4}
              aria-label={t('template.removeLevel', { level: level.level, name })}
              disabled={criterion.levels.length <= 2}
              onClick={() => form.removeListItem(`${path}.levels`, li)}
            />
          </Group>
        ))}
        {typeof levelsError === 'string' ? (
          <Text size="sm" c="red.9" role="alert">
            {levelsError}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="subtle"
            disabled={criterion.levels.length >= MAX_LEVELS}
            onClick={() =>
              form.insertListItem(`${path}.levels`, { level: nextLevel, description: '' })
            }
          >
            {t('template.addLevel')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The rubric: 2–8 criteria, each with a weight and described levels; a starter fills it. */
export function RubricEditor({ form }: { form: Form }) {
  const { t } = useTranslation('ai-admin');
  const rubric = form.values.rubric;
  const rubricError = form.errors.rubric;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {t('template.rubric')} ({t('template.count', { count: rubric.length })})
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            form.setFieldValue('rubric', starterRubric(t));
            form.clearErrors();
          }}
        >
          {t('template.starter')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('template.rubricHint')}
      </Text>
      <FormError>{typeof rubricError === 'string' ? rubricError : null}</FormError>
      {rubric.map((c, index) => (
        <CriterionFields key={c.id} form={form} index={index} />
      ))}
      <Group>
        <Button
          variant="light"
          disabled={rubric.length >= MAX_CRITERIA}
          onClick={() => form.insertListItem('rubric', newCriterion(rubric))}
        >
          {t('template.addCriterion')}
        </Button>
      </Group>
    </Stack>
  );
}
