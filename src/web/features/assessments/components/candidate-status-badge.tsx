import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadge } from '../../../../domain/assessments';

/**
 * Mantine's light badges put shade 9 text on a tint of the same colour; for yellow and
 * green that is below 4.5:1. These darker shades of the same hues pass WCAG AA.
 */
const TEXT_COLOURS: Record<string, string> = {
  yellow: '#7c4a03',
  blue: 'var(--mantine-color-blue-9)',
  green: '#1e6b2e',
  gray: 'var(--mantine-color-gray-8)',
};

/** The catalogue key of an assessment status's label; never the raw code. */
export function statusKey(status: string) {
  switch (status) {
    case 'scheduled':
      return 'status.upcoming';
    case 'in-progress':
      return 'status.inProgress';
    case 'completed':
      return 'status.completed';
    default:
      return 'status.unknown';
  }
}

/** Upcoming (warning), In Progress (primary), Completed (success) or Unknown (spec section 4). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('candidate-assessments');
  const { color } = statusBadge(status);
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      styles={{ root: { color: TEXT_COLOURS[color], flexShrink: 0 } }}
    >
      {t(statusKey(status))}
    </Badge>
  );
}
