import { Divider, NavLink, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_TABS, type DashboardTab, tabHref } from '../lib/tabs';

const PAGES = [
  { key: 'postJob', to: '/recruiter/post-job' },
  { key: 'findCandidates', to: '/recruiter/candidates' },
  { key: 'myListings', to: '/recruiter/job-listings' },
] as const;

/** The dashboard's own navigation: its tabs (as links) and the recruiter's other pages. */
export function DashboardSidebar({ tab }: { tab: DashboardTab }) {
  const { t } = useTranslation('recruiter');
  return (
    <Paper component="nav" aria-label={t('sidebar.label')} withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt={4} pb={6}>
        {t('sidebar.assessments')}
      </Text>
      {DASHBOARD_TABS.map((value) => (
        <NavLink
          key={value}
          component={Link}
          to={tabHref(value)}
          label={t(`tabs.${value}`)}
          active={value === tab}
          aria-current={value === tab ? 'page' : undefined}
          variant="light"
        />
      ))}
      <Divider my="xs" />
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt={4} pb={6}>
        {t('sidebar.hiring')}
      </Text>
      {PAGES.map((p) => (
        <NavLink key={p.to} component={Link} to={p.to} label={t(`sidebar.${p.key}`)} />
      ))}
    </Paper>
  );
}
