import { Badge, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The Results list's small flag on a submission whose best similarity match reaches the
 * template's threshold (the server sends `similarityFlag` to reviewers only; docs/decisions/026).
 * The matches themselves are in View Details.
 */
export function SimilarityFlag({ percent }: { percent: number | null | undefined }) {
  const { t } = useTranslation('similarity');
  if (percent === null || percent === undefined) return null;
  const label = t('flagLabel', { percent });
  return (
    <Tooltip label={label} multiline w={260} withArrow>
      <Badge
        color="orange"
        variant="light"
        size="sm"
        aria-label={label}
        data-testid="results-similarity-flag"
      >
        {t('flag', { percent })}
      </Badge>
    </Tooltip>
  );
}

/** The hiring pipeline's line for an assessment blind review hides (no link, status or score). */
export function BlindPipelineNote() {
  const { t } = useTranslation('similarity');
  return (
    <Text size="sm" c="dimmed" data-testid="blind-pipeline-note">
      {t('blindPipeline')}
    </Text>
  );
}
