import type { Role } from '../../../domain/constants';

/** `label` is the link's key in the common catalogue (nav.*). */
export type NavItem = { label: NavLabel; to: string };

export type NavLabel =
  | 'dashboard'
  | 'browseJobs'
  | 'myApplications'
  | 'assessments'
  | 'messages'
  | 'postJob'
  | 'findCandidates'
  | 'myListings'
  | 'manageUsers'
  | 'manageJobs'
  | 'analytics';

const MESSAGES: NavItem = { label: 'messages', to: '/messages' };

/** The navigation bar's links per role (spec section 2, Navigation bar). */
export const NAV_LINKS: Record<Role, NavItem[]> = {
  candidate: [
    { label: 'dashboard', to: '/candidate' },
    { label: 'browseJobs', to: '/candidate/jobs' },
    { label: 'myApplications', to: '/candidate/applications' },
    { label: 'assessments', to: '/assessments' },
    MESSAGES,
  ],
  recruiter: [
    { label: 'dashboard', to: '/recruiter' },
    { label: 'postJob', to: '/recruiter/post-job' },
    { label: 'findCandidates', to: '/recruiter/candidates' },
    { label: 'myListings', to: '/recruiter/job-listings' },
    MESSAGES,
  ],
  admin: [
    { label: 'dashboard', to: '/admin' },
    { label: 'manageUsers', to: '/admin/users' },
    { label: 'manageJobs', to: '/admin/jobs' },
    { label: 'analytics', to: '/admin/analytics' },
    MESSAGES,
  ],
};

export function navLinksFor(role: Role | null): NavItem[] {
  return role ? NAV_LINKS[role] : [MESSAGES];
}
