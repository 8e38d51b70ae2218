import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../domain/assessments';

export type ReviewSettings = { blindReview: boolean; similarityThreshold: number };

export const DEFAULT_SIMILARITY_THRESHOLD = 50;

export const initialReviewSettings = (template: Template | null): ReviewSettings => ({
  blindReview: template?.blindReview ?? false,
  similarityThreshold: template?.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD,
});

/** The template form's review switches (docs/decisions/026): blind review, similarity flag. */
export function ReviewSettingsField({
  value,
  onChange,
}: {
  value: ReviewSettings;
  onChange: (next: ReviewSettings) => void;
}) {
  const { t } = useTranslation('review');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} verticalSpacing="md">
      <Switch
        label={t('settings.blindReview')}
        description={t('settings.blindReviewHint')}
        checked={value.blindReview}
        onChange={(e) => onChange({ ...value, blindReview: e.currentTarget.checked })}
      />
      <NumberInput
        label={t('settings.similarityFlag')}
        description={t('settings.similarityFlagHint')}
        min={1}
        max={100}
        clampBehavior="strict"
        allowDecimal={false}
        value={value.similarityThreshold}
        onChange={(v) =>
          onChange({
            ...value,
            similarityThreshold: typeof v === 'number' ? v : DEFAULT_SIMILARITY_THRESHOLD,
          })
        }
      />
    </SimpleGrid>
  );
}
