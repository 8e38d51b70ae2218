/**
 * The recruiter dashboard's tabs (labels: `tabs.<value>` in the recruiter catalogue); the
 * current one lives in ?tab= so links can open it.
 */
export const DASHBOARD_TABS = [
  'active',
  'assign',
  'results',
  'drafts',
  'completed',
  'library',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DEFAULT_TAB: DashboardTab = 'active';

export function asDashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t === value) ?? DEFAULT_TAB;
}

export const tabHref = (tab: DashboardTab) =>
  tab === DEFAULT_TAB ? '/recruiter' : `/recruiter?tab=${tab}`;
