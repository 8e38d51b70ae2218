import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  JOB_STATUS_COLORS,
  type Job,
  type JobStatus,
  STAGE_COLORS,
  type Stage,
} from '../../../../domain/jobs';
import { formatMoney } from '../../../lib/format';

/** Dark labels: Mantine's light badges fall short of WCAG AA in several colours. */
export const READABLE = { label: { color: 'var(--mantine-color-dark-9)' } };

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { t } = useTranslation('jobs');
  return (
    <Badge color={JOB_STATUS_COLORS[status]} variant="light" styles={READABLE}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A stage as recruiters name it, or as candidates see it. */
export function StageBadge({ stage, candidate = false }: { stage: Stage; candidate?: boolean }) {
  const { t } = useTranslation('jobs');
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" styles={READABLE}>
      {candidate ? t(`candidateStage.${stage}`) : t(`stage.${stage}`)}
    </Badge>
  );
}

type MetaJob = Pick<
  Job,
  | 'department'
  | 'locations'
  | 'workplaceType'
  | 'jobType'
  | 'experience'
  | 'salaryMin'
  | 'salaryMax'
  | 'currency'
>;

/** The salary band in the reader's locale ('50.000 € – 70.000 €'), or null when none is shown. */
export function useSalaryText() {
  const { t } = useTranslation('jobs');
  return (job: Pick<Job, 'salaryMin' | 'salaryMax' | 'currency'>): string | null => {
    const money = (n: number) => formatMoney(n, job.currency);
    if (job.salaryMin !== null && job.salaryMax !== null) {
      return t('meta.salaryRange', { min: money(job.salaryMin), max: money(job.salaryMax) });
    }
    if (job.salaryMin !== null) return t('meta.salaryFrom', { min: money(job.salaryMin) });
    if (job.salaryMax !== null) return t('meta.salaryUpTo', { max: money(job.salaryMax) });
    return null;
  };
}

/** Department · locations · workplace · type · experience · salary, as one wrapped line. */
export function JobMeta({ job }: { job: MetaJob }) {
  const { t } = useTranslation('jobs');
  const salary = useSalaryText()(job);
  const parts = [
    job.department,
    job.locations.join(', '),
    t(`workplace.${job.workplaceType}`),
    t(`jobType.${job.jobType}`),
    t('meta.experience', { band: job.experience }),
  ];
  return (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
      {salary ? (
        <Text span size="sm" fw={600} c="var(--mantine-color-text)">
          {' · '}
          {salary}
        </Text>
      ) : null}
    </Text>
  );
}

// One formatting module for the whole app (the reader's locale).
export { formatDate, formatDateTime } from '../../../lib/format';
