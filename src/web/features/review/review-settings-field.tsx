import { NumberInput, SimpleGrid, Switch } from '@mantine/core';
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
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} verticalSpacing="md">
      <Switch
        label="Blind review"
        description="Reviewers see “Candidate 7F3A” instead of the name, e-mail, phone and photo until they save a score"
        checked={value.blindReview}
        onChange={(e) => onChange({ ...value, blindReview: e.currentTarget.checked })}
      />
      <NumberInput
        label="Similarity flag (%)"
        description="Flag a submission when this share of it matches another submission"
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
