import { describe, expect, it } from 'vitest';
import { adminChangeOf } from './last-admin';

describe('adminChangeOf', () => {
  it("reads what each of better-auth's admin endpoints would change", () => {
    expect(
      adminChangeOf('/admin/set-role', { userId: 'u1', role: ['recruiter', 'admin'] }),
    ).toEqual({ userId: 'u1', role: 'recruiter,admin' });
    expect(adminChangeOf('/admin/ban-user', { userId: 'u1' })).toEqual({
      userId: 'u1',
      banned: true,
    });
    expect(adminChangeOf('/admin/remove-user', { userId: 7 })).toEqual({
      userId: '7',
      removed: true,
    });
    expect(adminChangeOf('/admin/update-user', { userId: 'u1', data: { banned: true } })).toEqual({
      userId: 'u1',
      banned: true,
    });
  });

  it('ignores other paths, updates that touch neither role nor ban, and odd bodies', () => {
    expect(adminChangeOf('/sign-in/email', { userId: 'u1' })).toBeNull();
    expect(adminChangeOf('/admin/update-user', { userId: 'u1', data: { name: 'x' } })).toBeNull();
    expect(adminChangeOf('/admin/set-role', null)).toBeNull();
    expect(adminChangeOf('/admin/set-role', { userId: { $ne: 1 } })).toBeNull();
  });
});
