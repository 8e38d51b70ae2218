import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled section of the candidate dashboard (a landmark named by its heading). */
export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} id={headingId} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
