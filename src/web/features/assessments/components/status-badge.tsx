import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ASSESSMENT_STATUSES, statusBadge } from '../../../../domain/assessments';

/**
 * Text colours dark enough for WCAG AA on the light badges' tinted backgrounds, also on
 * striped table rows (Mantine's yellow-9 and green-9 fall short there).
 */
const TEXT_ON_LIGHT: Record<string, string> = {
  yellow: '#6b4200',
  green: '#1e5a2a',
  blue: 'var(--mantine-color-blue-9)',
  gray: 'var(--mantine-color-gray-9)',
};

/** A light badge whose label stays readable in every colour. */
export function LightBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge
      color={color}
      variant="light"
      style={{ flexShrink: 0 }}
      styles={{ label: { color: TEXT_ON_LIGHT[color] ?? 'var(--mantine-color-dark-9)' } }}
    >
      {children}
    </Badge>
  );
}

/** Upcoming / In Progress / Completed in the spec's colours. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('recruiter');
  const { color } = statusBadge(status);
  const known = ASSESSMENT_STATUSES.find((s) => s === status);
  return <LightBadge color={color}>{t(`status.${known ?? 'unknown'}`)}</LightBadge>;
}
