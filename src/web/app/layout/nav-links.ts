import type { Role } from '../../../domain/constants';

export type NavItem = { label: string; to: string };

const MESSAGES: NavItem = { label: 'Messages', to: '/messages' };

/** The navigation bar's links per role (spec section 2, Navigation bar). */
export const NAV_LINKS: Record<Role, NavItem[]> = {
  candidate: [
    { label: 'Dashboard', to: '/candidate' },
    { label: 'Browse Jobs', to: '/candidate/jobs' },
    { label: 'My Applications', to: '/candidate/applications' },
    { label: 'Assessments', to: '/assessments' },
    MESSAGES,
  ],
  recruiter: [
    { label: 'Dashboard', to: '/recruiter' },
    { label: 'Post Job', to: '/recruiter/post-job' },
    { label: 'Find Candidates', to: '/recruiter/candidates' },
    { label: 'My Listings', to: '/recruiter/job-listings' },
    MESSAGES,
  ],
  admin: [
    { label: 'Dashboard', to: '/admin' },
    { label: 'Manage Users', to: '/admin/users' },
    { label: 'Manage Jobs', to: '/admin/jobs' },
    { label: 'Analytics', to: '/admin/analytics' },
    MESSAGES,
  ],
};

export function navLinksFor(role: Role | null): NavItem[] {
  return role ? NAV_LINKS[role] : [MESSAGES];
}
