import type { Role } from './constants';

/** The dashboard each role lands on (spec section 2, route table). */
export const DASHBOARD_PATH: Record<Role, string> = {
  candidate: '/candidate',
  recruiter: '/recruiter',
  admin: '/admin',
};

export function dashboardPath(role: string | null | undefined): string {
  return role && role in DASHBOARD_PATH ? DASHBOARD_PATH[role as Role] : '/';
}

export function isRole(value: unknown): value is Role {
  return value === 'candidate' || value === 'recruiter' || value === 'admin';
}

/** 'candidate' -> 'Candidate', as the user menu shows it. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** Up to two initials of a display name; '?' when there is nothing to take them from. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.map((w) => w.charAt(0).toUpperCase()).join('');
  return letters.slice(0, 2) || '?';
}
