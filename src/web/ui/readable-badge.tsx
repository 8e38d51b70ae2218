import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A light or outline badge whose label is dark enough for WCAG AA on every tint and on
 * striped or hovered table rows (Mantine's own label shades fall short on several colours).
 */
export function ReadableBadge({
  children,
  ...props
}: Omit<BadgeProps, 'styles'> & { children: ReactNode }) {
  return (
    <Badge
      variant="light"
      {...props}
      styles={{ label: { color: 'var(--mantine-color-dark-8)' } }}
      style={{ flexShrink: 0 }}
    >
      {children}
    </Badge>
  );
}
