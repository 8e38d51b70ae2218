import { Divider, NavLink, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DASHBOARD_TABS, type DashboardTab, tabHref } from '../lib/tabs';

const PAGES = [
  { label: 'Post Job', to: '/recruiter/post-job' },
  { label: 'Find Candidates', to: '/recruiter/candidates' },
  { label: 'My Listings', to: '/recruiter/job-listings' },
] as const;

/** The dashboard's own navigation: its tabs (as links) and the recruiter's other pages. */
export function DashboardSidebar({ tab }: { tab: DashboardTab }) {
  return (
    <Paper component="nav" aria-label="Recruiter dashboard" withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt={4} pb={6}>
        Assessments
      </Text>
      {DASHBOARD_TABS.map((t) => (
        <NavLink
          key={t.value}
          component={Link}
          to={tabHref(t.value)}
          label={t.label}
          active={t.value === tab}
          aria-current={t.value === tab ? 'page' : undefined}
          variant="light"
        />
      ))}
      <Divider my="xs" />
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} px="sm" pt={4} pb={6}>
        Hiring
      </Text>
      {PAGES.map((p) => (
        <NavLink key={p.to} component={Link} to={p.to} label={p.label} />
      ))}
    </Paper>
  );
}
