import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Assessment, dueMomentMs } from '../../../../domain/assessments';

const WEEK_MS = 7 * 86_400_000;

/**
 * The dashboard's side panel (the spec's sidebar): the recruiter's assessments at a glance.
 * Figures, not links: the tabs beside it and the top navigation already go everywhere, so
 * each destination has one navigation (issue 31).
 */
export function DashboardSidebar({
  assessments,
  now = Date.now(),
}: {
  assessments: readonly Assessment[];
  now?: number;
}) {
  const { t } = useTranslation('recruiter');
  const open = assessments.filter((a) => a.status !== 'completed');
  const figures = [
    { key: 'notStarted', n: assessments.filter((a) => a.status === 'scheduled').length },
    { key: 'inProgress', n: assessments.filter((a) => a.status === 'in-progress').length },
    {
      key: 'awaitingReview',
      n: assessments.filter((a) => a.status === 'completed' && a.score === null).length,
    },
    { key: 'scored', n: assessments.filter((a) => a.score !== null).length },
    {
      key: 'dueSoon',
      n: open.filter((a) => {
        const due = dueMomentMs(a.dueDate);
        return due >= now && due - now <= WEEK_MS;
      }).length,
    },
  ] as const;
  return (
    <Paper component="aside" aria-label={t('sidebar.glance')} withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} pb={6}>
        {t('sidebar.glance')}
      </Text>
      <Stack gap={6} component="dl" m={0}>
        {figures.map((f) => (
          <Group key={f.key} justify="space-between" wrap="nowrap" gap="xs">
            <Text component="dt" size="sm">
              {t(`sidebar.${f.key}`)}
            </Text>
            <Text component="dd" size="sm" fw={700} m={0}>
              {f.n}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
