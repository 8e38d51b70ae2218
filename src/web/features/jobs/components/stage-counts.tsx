import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StageCounts as Counts, STAGE_COLORS, STAGES } from '../../../../domain/jobs';
import { READABLE } from './job-badges';

/** 'Applied 3 · Screening 1 …': only the stages with applications. */
export function StageCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation('jobs');
  const shown = STAGES.filter((s) => counts[s] > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" aria-label={t('perStage')}>
      {shown.map((s) => (
        <Badge key={s} variant="outline" color={STAGE_COLORS[s]} styles={READABLE}>
          {t('stageCount', { stage: t(`stage.${s}`), n: counts[s] })}
        </Badge>
      ))}
    </Group>
  );
}
