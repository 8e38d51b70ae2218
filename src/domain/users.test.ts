import { describe, expect, it } from 'vitest';
import { removesLastAdmin, sessionsLabel } from './users';

describe('removesLastAdmin', () => {
  const admin = { role: 'admin', banned: false };

  it('refuses taking the last active admin away, in any way', () => {
    expect(removesLastAdmin(admin, { role: 'recruiter' }, 0)).toBe(true);
    expect(removesLastAdmin(admin, { role: 'admin,candidate' }, 0)).toBe(true);
    expect(removesLastAdmin(admin, { banned: true }, 0)).toBe(true);
    expect(removesLastAdmin(admin, { removed: true }, 0)).toBe(true);
  });

  it('allows it when another active admin remains, or when nothing is taken away', () => {
    expect(removesLastAdmin(admin, { role: 'recruiter' }, 1)).toBe(false);
    expect(removesLastAdmin(admin, { role: 'admin' }, 0)).toBe(false);
    expect(removesLastAdmin(admin, { banned: false }, 0)).toBe(false);
  });

  it('never concerns users who are not active admins', () => {
    expect(removesLastAdmin({ role: 'recruiter', banned: false }, { banned: true }, 0)).toBe(false);
    expect(removesLastAdmin({ role: 'admin', banned: true }, { role: 'candidate' }, 0)).toBe(false);
  });
});

describe('sessionsLabel', () => {
  it('counts sessions in words', () => {
    expect(sessionsLabel(0)).toBe('No active session');
    expect(sessionsLabel(1)).toBe('1 active session');
    expect(sessionsLabel(3)).toBe('3 active sessions');
  });
});
