import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { DATA_RIGHTS_TEXTS } from '../../../domain/data-rights';
import { USER_ADMIN_TEXTS } from '../../../domain/users';
import {
  assessment,
  auditLog,
  candidateFile,
  candidateSearch,
  jobApplication,
  message,
  outbox,
  profile,
  session,
  taskAnswer,
  user,
} from '../../db/schema';
import type { TestUser } from '../../test/harness';
import {
  admin,
  busyCandidate,
  future,
  ok,
  other,
  recruiter,
  t,
  templateId,
  withDataRightsApp,
} from './data-rights-fixture';
import { REMOVE_USER_REFUSED } from './remove-user-hook';

// Erasure by the user and by an admin: what goes, what stays anonymised, who may.

withDataRightsApp();

describe('erasure by the user', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Careful Candidate' });
    const erase = (json: unknown) =>
      t.request('/api/account/erase', { method: 'POST', as: cand, json });
    const wrong = await erase({ password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(DATA_RIGHTS_TEXTS.wrongPassword);
    expect((await erase({})).status).toBe(400);
    expect((await erase({ password: 'x', role: 'admin' })).status).toBe(400);
    expect((await erase({ password: 'a\u0000b' })).status).toBe(400);
    expect((await t.request('/api/account/erase', { method: 'POST', json: {} })).status).toBe(401);
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(1);
    expect((await t.request('/api/profile', { as: cand })).status).toBe(200);
  });

  it('deletes the account and keeps assessments and messages anonymised', async () => {
    const { cand, assessmentId, conversationId, applicationId } =
      await busyCandidate('Erin Eraser');
    const method = await (await t.request('/api/account/erase-method', { as: cand })).json();
    expect(method).toEqual({ confirmWith: 'password' });
    const res = await ok(
      t.request('/api/account/erase', {
        method: 'POST',
        as: cand,
        json: { password: cand.password },
      }),
    );
    expect(await res.json()).toMatchObject({
      erased: true,
      userId: cand.id,
      assessmentsKept: 1,
      messagesKept: 1,
      filesDeleted: 2,
    });
    const db = t.database.db;

    // Gone: account, sessions, profile, search entry, application, photo file.
    expect(await db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, cand.id))).toHaveLength(0);
    expect(await db.select().from(profile).where(eq(profile.userId, cand.id))).toHaveLength(0);
    expect(
      await db.select().from(candidateSearch).where(eq(candidateSearch.userId, cand.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(jobApplication).where(eq(jobApplication.id, applicationId)),
    ).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.to, cand.email))).toHaveLength(0);
    // The recruiter's mail about the submission named them: it stays, redacted.
    const toRecruiter = await db.select().from(outbox).where(eq(outbox.to, recruiter.email));
    expect(toRecruiter.map((m) => m.subject)).toContain(
      'Submitted: Password policy by Erased user',
    );
    expect(JSON.stringify(toRecruiter)).not.toMatch(/erin eraser/i);
    expect(existsSync(path.join(t.dataDir, 'files', 'profile-images', cand.id))).toBe(false);
    expect((await t.request('/api/profile', { as: cand })).status).toBe(401);

    // Kept for the recruiter, anonymised.
    const details = await (
      await ok(t.request(`/api/assessments/${assessmentId}`, { as: recruiter }))
    ).json();
    expect(details).toMatchObject({
      candidateId: null,
      candidateName: DATA_RIGHTS_TEXTS.erasedCandidate,
      candidateEmail: '',
      candidatePhone: '',
      score: 88,
    });
    expect(details.candidateErasedAt).toBeTruthy();
    const list = await (await ok(t.request('/api/assessments', { as: recruiter }))).json();
    expect(list.map((a: { id: string }) => a.id)).toContain(assessmentId);
    const fileRows = await db
      .select()
      .from(candidateFile)
      .where(eq(candidateFile.assessmentId, assessmentId));
    expect(fileRows[0]).toMatchObject({ candidateId: null, content: 'export const mine = 42;' });
    const answers = await db
      .select()
      .from(taskAnswer)
      .where(eq(taskAnswer.assessmentId, assessmentId));
    expect(answers[0]).toMatchObject({ candidateId: null });
    const stored = await db.select().from(assessment).where(eq(assessment.id, assessmentId));
    expect(JSON.stringify(stored)).not.toContain('Erin');

    const conv = await (
      await ok(t.request(`/api/conversations/${conversationId}`, { as: recruiter }))
    ).json();
    expect(conv.participants).toContainEqual({
      id: cand.id,
      displayName: 'Unknown User',
      role: 'unknown',
      email: '',
    });
    const messages = await (
      await ok(t.request(`/api/conversations/${conversationId}/messages`, { as: recruiter }))
    ).json();
    const items = (messages.items ?? messages.messages ?? messages) as {
      senderName: string;
      content: string;
    }[];
    expect(items.find((m) => m.content.startsWith('Hello Rita'))?.senderName).toBe('Unknown User');
    expect(
      await db.select().from(message).where(eq(message.senderName, 'Erin Eraser')),
    ).toHaveLength(0);
  });

  it('cannot sign in afterwards, and the e-mail can sign up again as a new account', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Gone Soon' });
    const open = await (
      await ok(
        t.request('/api/assessments', {
          method: 'POST',
          as: recruiter,
          json: { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
        }),
        201,
      )
    ).json();
    await ok(
      t.request('/api/account/erase', {
        method: 'POST',
        as: cand,
        json: { password: cand.password },
      }),
    );
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: cand.email, password: cand.password },
    });
    expect(signIn.status).toBe(401);
    // The open assessment stays as a record: nobody is left to give more time to.
    const later = await t.request(`/api/assessments/${open.id}/due-date`, {
      method: 'PUT',
      as: recruiter,
      json: { dueDate: future(60) },
    });
    expect(later.status).toBe(409);
    expect((await later.json()).message).toMatch(/erased their account/);
    const again = await t.signUp({
      accountType: 'candidate',
      name: 'Back Again',
      email: cand.email,
    });
    expect(again.id).not.toBe(cand.id);
    const profileRes = await (await ok(t.request('/api/profile', { as: again }))).json();
    expect(profileRes).toMatchObject({ name: 'Back Again', email: cand.email });
  });

  it('asks a Google-only account for its e-mail instead of a password', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Google Only' });
    const { account } = await import('../../db/schema');
    await t.database.db.update(account).set({ password: null }).where(eq(account.userId, cand.id));
    const method = await (await t.request('/api/account/erase-method', { as: cand })).json();
    expect(method).toEqual({ confirmWith: 'email' });
    const erase = (json: unknown) =>
      t.request('/api/account/erase', { method: 'POST', as: cand, json });
    expect((await (await erase({ email: 'someone@else.test' })).json()).message).toBe(
      DATA_RIGHTS_TEXTS.wrongEmail,
    );
    await ok(erase({ email: `  ${cand.email.toUpperCase()} ` }));
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);
  });
});

describe('erasure by an admin', () => {
  it('erases on request with a reason, audited without the name or e-mail', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Requested Erasure' });
    // An earlier audit entry about them names them: the erasure redacts it.
    await ok(
      t.request(`/api/admin/users/${cand.id}/deactivate`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Requested Erasure asked to pause' },
      }),
    );
    const post = (as: TestUser | null, json: unknown, id = cand.id) =>
      t.request(`/api/admin/users/${id}/erase`, { method: 'POST', as, json });
    expect((await post(recruiter, { reason: 'x' })).status).toBe(403);
    expect((await post(other, { reason: 'x' })).status).toBe(403);
    expect((await post(admin, {})).status).toBe(400);
    expect((await post(admin, { reason: 'x' }, admin.id)).status).toBe(400);
    await ok(post(admin, { reason: 'Letter of 3 May' }));
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, cand.id), eq(auditLog.actorId, cand.id)));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.ban-user', 'user.erase']),
    );
    expect(JSON.stringify(entries)).not.toContain(cand.email);
    const erasure = entries.find((e) => e.action === 'user.erase')!;
    expect(erasure).toMatchObject({
      actorId: admin.id,
      after: expect.objectContaining({ by: 'admin', reason: 'Letter of 3 May', role: 'candidate' }),
    });
    const list = await (await ok(t.request('/api/admin/erasures', { as: admin }))).json();
    expect(list.items[0]).toMatchObject({
      userId: cand.id,
      by: 'admin',
      adminName: 'Ada Admin',
      reason: 'Letter of 3 May',
    });
    expect((await t.request('/api/admin/erasures', { as: recruiter })).status).toBe(403);
  });

  it('replaces the name and e-mail inside free text: reasons, mails to others', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Nora Quill' });
    const shout = cand.email.toUpperCase();
    await ok(
      t.request(`/api/admin/users/${cand.id}/deactivate`, {
        method: 'POST',
        as: admin,
        json: { reason: `nora  QUILL asked (${shout}), not Nora Quillson nor x${cand.email}` },
      }),
    );
    const { enqueueMail } = await import('../../mail/outbox');
    const mailId = await enqueueMail(t.database.db, {
      to: other.email,
      subject: 'About Nora Quill',
      text: `Nora Quill <${cand.email}> wrote. Nora Quillson and ${cand.email}.uk stay.`,
      html: '<p>NORA QUILL</p>',
    });
    await ok(
      t.request(`/api/admin/users/${cand.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: `Letter from nora quill (${cand.email}).` },
      }),
    );
    const db = t.database.db;
    const [ban] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cand.id), eq(auditLog.action, 'user.ban-user')));
    expect(JSON.stringify(ban?.after)).toContain(
      `Erased user asked (Erased user), not Nora Quillson nor x${cand.email}`,
    );
    const list = await (await ok(t.request('/api/admin/erasures', { as: admin }))).json();
    expect(list.items[0]).toMatchObject({
      userId: cand.id,
      reason: 'Letter from Erased user (Erased user).',
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, mailId));
    expect(mail).toMatchObject({
      subject: 'About Erased user',
      text: `Erased user <Erased user> wrote. Nora Quillson and ${cand.email}.uk stay.`,
      html: '<p>Erased user</p>',
    });
  });

  it('never erases the last admin, and the audit log stays append-only', async () => {
    const second = await t.createUser('admin', { name: 'Second Admin' });
    // The first admin erases the second on request: allowed, another admin remains.
    await ok(
      t.request(`/api/admin/users/${second.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Left the company' },
      }),
    );
    // The only admin erasing themselves is refused.
    const self = await t.request('/api/account/erase', {
      method: 'POST',
      as: admin,
      json: { password: admin.password },
    });
    expect(self.status).toBe(409);
    expect((await self.json()).message).toBe(USER_ADMIN_TEXTS.lastAdmin);
    await expect(
      t.database.db
        .update(auditLog)
        .set({ actorName: 'tampered' })
        .where(eq(auditLog.actorId, admin.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });

  it('refuses a recruiter who still owns jobs or assessments', async () => {
    const res = await t.request(`/api/admin/users/${recruiter.id}/erase`, {
      method: 'POST',
      as: admin,
      json: { reason: 'Asked' },
    });
    expect(res.status).toBe(409);
    const refused = await res.json();
    expect(refused.message).toMatch(/still owns \d+ jobs? and \d+ assessments?/);
    expect(refused.code).toBe('recruiter-has-records');
    expect(refused.params).toEqual({ jobs: expect.any(Number), assessments: expect.any(Number) });
    const fresh = await t.signUp({ accountType: 'recruiter', name: 'New Recruiter' });
    await ok(
      t.request(`/api/admin/users/${fresh.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Asked' },
      }),
    );
  });

  it("routes better-auth's remove-user to the erasure", async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Not Removed' });
    const res = await t.request('/api/auth/admin/remove-user', {
      method: 'POST',
      as: admin,
      json: { userId: cand.id },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(REMOVE_USER_REFUSED);
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(1);
  });
});
