/** The recruiter dashboard's tabs; the current one lives in ?tab= so links can open it. */
export const DASHBOARD_TABS = [
  { value: 'active', label: 'Active Assessments' },
  { value: 'assign', label: 'Assign Assessment' },
  { value: 'results', label: 'Assessment Results' },
  { value: 'drafts', label: 'Drafts' },
  { value: 'completed', label: 'Completed' },
  { value: 'library', label: 'Assessment Library' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];
export const DEFAULT_TAB: DashboardTab = 'active';

export function asDashboardTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t.value === value)?.value ?? DEFAULT_TAB;
}

export const tabHref = (tab: DashboardTab) =>
  tab === DEFAULT_TAB ? '/recruiter' : `/recruiter?tab=${tab}`;
