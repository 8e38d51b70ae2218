import { Badge, Text } from '@mantine/core';
import {
  CANDIDATE_STAGE_LABELS,
  formatSalary,
  JOB_STATUS_COLORS,
  JOB_STATUS_LABELS,
  JOB_TYPE_LABELS,
  type Job,
  type JobStatus,
  STAGE_COLORS,
  STAGE_LABELS,
  type Stage,
  WORKPLACE_LABELS,
} from '../../../../domain/jobs';

/** Dark labels: Mantine's light badges fall short of WCAG AA in several colours. */
export const READABLE = { label: { color: 'var(--mantine-color-dark-9)' } };

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge color={JOB_STATUS_COLORS[status]} variant="light" styles={READABLE}>
      {JOB_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A stage as recruiters name it, or as candidates see it. */
export function StageBadge({ stage, candidate = false }: { stage: Stage; candidate?: boolean }) {
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" styles={READABLE}>
      {candidate ? CANDIDATE_STAGE_LABELS[stage] : STAGE_LABELS[stage]}
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

/** Department · locations · workplace · type · experience · salary, as one wrapped line. */
export function JobMeta({ job }: { job: MetaJob }) {
  const salary = formatSalary(job);
  const parts = [
    job.department,
    job.locations.join(', '),
    WORKPLACE_LABELS[job.workplaceType],
    JOB_TYPE_LABELS[job.jobType],
    `${job.experience} years`,
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
