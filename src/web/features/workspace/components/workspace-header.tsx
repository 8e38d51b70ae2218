import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/** The workspace's h1, a line under it and its buttons: compact, as an IDE's title bar. */
export function WorkspaceHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <div style={{ minWidth: 0, marginRight: 'var(--mantine-spacing-sm)' }}>
        <Title order={1} fz={{ base: 22, lg: 20 }} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Group>
  );
}
