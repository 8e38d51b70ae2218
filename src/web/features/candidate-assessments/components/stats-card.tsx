import { Box, SimpleGrid, Text } from '@mantine/core';
import type { AssessmentCounts } from '../lib/assessment-stats';
import { DashboardCard } from './dashboard-card';
import './styles';

type StatsCardProps = { counts: AssessmentCounts | undefined };

/** In Progress, Upcoming, Completed counts; '–' until the list has loaded. */
export function StatsCard({ counts }: StatsCardProps) {
  const stats = [
    { label: 'In Progress', value: counts?.['in-progress'] },
    { label: 'Upcoming', value: counts?.scheduled },
    { label: 'Completed', value: counts?.completed },
  ];
  return (
    <DashboardCard title="Assessment Stats">
      <SimpleGrid component="dl" cols={3} spacing="xs" m={0}>
        {stats.map(({ label, value }) => (
          // dt and dd sit directly in the div (the dl's item), as the HTML model wants; the
          // number shows first on screen, the label is read first.
          <Box
            key={label}
            p="sm"
            bg="var(--mantine-color-gray-0)"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              textAlign: 'center',
              display: 'flex',
              flexDirection: 'column-reverse',
              justifyContent: 'flex-end',
            }}
          >
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
              {value ?? '–'}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </DashboardCard>
  );
}
