import { Box, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { DashboardCard } from '../../../ui/dashboard-card';
import type { AssessmentCounts } from '../lib/assessment-stats';
import './styles';

type StatsCardProps = { counts: AssessmentCounts | undefined };

/** In Progress, Upcoming, Completed counts; '–' until the list has loaded. */
export function StatsCard({ counts }: StatsCardProps) {
  const { t } = useTranslation('candidate-assessments');
  const stats = [
    { label: t('status.inProgress'), value: counts?.['in-progress'] },
    { label: t('status.upcoming'), value: counts?.scheduled },
    { label: t('status.completed'), value: counts?.completed },
  ];
  return (
    <DashboardCard title={t('stats.title')}>
      <SimpleGrid component="dl" cols={3} spacing="xs" m={0}>
        {stats.map(({ label, value }) => (
          // dt and dd sit directly in the div (the dl's item), as the HTML model wants; the
          // number shows first on screen, the label is read first.
          <Box
            key={label}
            p={{ base: 4, xs: 'sm' }}
            bg="var(--mantine-color-gray-0)"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              textAlign: 'center',
              display: 'flex',
              flexDirection: 'column-reverse',
              justifyContent: 'flex-end',
            }}
          >
            <Text
              component="dt"
              size="sm"
              c="dimmed"
              style={{ hyphens: 'auto', overflowWrap: 'break-word' }}
            >
              {label}
            </Text>
            <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
              {value === undefined ? '–' : formatNumber(value)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </DashboardCard>
  );
}
