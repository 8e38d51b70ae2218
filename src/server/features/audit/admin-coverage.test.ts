import { desc, eq, gt } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate, toIsoDate } from '../../../domain/assessments';
import { auditLog, session } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

/**
 * Every change an admin can make is in the audit log. The test walks every mutation route of
 * the OpenAPI document and every better-auth admin endpoint: each is either exercised as an
 * admin (and must leave an entry with its action, by that admin) or listed here with the
 * reason it is not an admin action. A new route fails this test until it is one or the other.
 */

type Audited = { action: string; run: () => Promise<Response> };
type Exempt = { exempt: string };
type Case = Audited | Exempt;

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let rec2: TestUser;
let cand: TestUser;
let templateId: string;
let jobId: string;
let applicationId: string;
let openAssessmentId: string;
let submittedAssessmentId: string;
let departmentId: string;

const json = (method: string, path: string, body?: unknown, as: TestUser = admin) =>
  t.request(path, { method, as, json: body });
const idOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
};
const future = (days: number) => toIsoDate(new Date(Date.now() + days * 86_400_000));
const jobFields = {
  title: 'Platform Engineer',
  department: 'Engineering',
  locations: ['Berlin'],
  workplaceType: 'remote',
  jobType: 'full-time',
  experience: '3-5',
  description: 'Build things.',
  closingDate: future(30),
};
const templateBody = {
  title: 'Audit coverage',
  roleName: 'Developer',
  tasks: [{ title: 'Explain', description: '', type: 'text' }],
};
const assign = (candidateId: string) =>
  json('POST', '/api/assessments', { templateId, candidateId, dueDate: defaultDueDate() }, rec);
const someone = (name: string) => t.signUp({ accountType: 'candidate', name });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  rec2 = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
  cand = await someone('Casey Candidate');
  templateId = await idOf(await json('POST', '/api/templates', templateBody));
  jobId = await idOf(await json('POST', '/api/jobs', { ...jobFields, status: 'published' }, rec));
  const form = new FormData();
  form.set('coverLetter', 'Hello');
  applicationId = await idOf(
    await t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as: cand, body: form }),
  );
  openAssessmentId = await idOf(await assign(cand.id));
  submittedAssessmentId = await idOf(await assign(cand.id));
  const submitted = await json(
    'POST',
    `/api/assessments/${submittedAssessmentId}/submit`,
    {},
    cand,
  );
  expect(submitted.status).toBe(200);
  departmentId = await idOf(await json('POST', '/api/departments', { name: 'Research' }));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const self = 'changes only the caller’s own account, session or conversations';
const candidateOnly = 'candidates only (admins are refused)';
const padPeople = 'the interview’s interviewers and the job’s recruiter only: admins read pads';
const recruiterOnly = 'recruiters only (admins are refused)';

/** The routes of the OpenAPI document that change something, as `METHOD /path`. */
const ROUTES: Record<string, Case> = {
  'PUT /api/profile': { exempt: self },
  'POST /api/profile/image': { exempt: self },
  'PUT /api/profile/language': { exempt: self },
  'POST /api/mail/unsubscribe/{token}': {
    exempt: 'signed link of the person’s own mail: turns off only their own notifications',
  },
  'POST /api/mail/resubscribe/{token}': {
    exempt: 'signed link of the person’s own mail: turns their own notifications back on',
  },
  'POST /api/assessments/bulk': { exempt: recruiterOnly },
  'POST /api/assessments/{id}/reveal': {
    exempt: 'recruiters only (admins see every identity already); audited for the recruiter',
  },
  'POST /api/assessment-invitations/{token}/sign-up': {
    exempt: 'signed link of the invitee’s own mail: makes their own candidate account',
  },
  'POST /api/assessment-invitations/{token}/accept': { exempt: candidateOnly },
  'POST /api/templates': {
    action: 'template.create',
    run: () => json('POST', '/api/templates', templateBody),
  },
  'PUT /api/templates/{id}': {
    action: 'template.update',
    run: () => json('PUT', `/api/templates/${templateId}`, { ...templateBody, title: 'Renamed' }),
  },
  'PUT /api/templates/{id}/project': {
    action: 'template.project-upload',
    run: () =>
      t.request(`/api/templates/${templateId}/project?name=shop.zip`, {
        method: 'PUT',
        as: admin,
        headers: { 'content-type': 'application/zip' },
        body: zipSync({ 'README.md': strToU8('# Shop'), 'src/cart.js': strToU8('export {};') }),
      }),
  },
  'DELETE /api/templates/{id}': {
    action: 'template.delete',
    run: async () =>
      json(
        'DELETE',
        `/api/templates/${await idOf(await json('POST', '/api/templates', templateBody))}`,
      ),
  },
  'PUT /api/settings': {
    action: 'settings.general.update',
    run: () => json('PUT', '/api/settings', { defaultDurationHours: 4 }),
  },
  'PUT /api/admin/ai': {
    action: 'ai.settings',
    run: () =>
      json('PUT', '/api/admin/ai', {
        model: null,
        features: {
          rubric: true,
          notes: true,
          feedback: true,
          questions: true,
          afterSubmission: false,
        },
        detail: 'detailed',
        retentionDays: 90,
      }),
  },
  'POST /api/admin/ai/test': {
    action: 'ai.call',
    run: () => json('POST', '/api/admin/ai/test', { model: 'any' }),
  },
  'PUT /api/templates/{id}/ai-review': {
    action: 'template.ai-settings',
    run: async () =>
      json('PUT', `/api/templates/${templateId}/ai-review`, {
        useAiReview: true,
        scoreBeforeAi: false,
        rubric: (await (await json('GET', `/api/templates/${templateId}/ai-review`)).json()).rubric,
      }),
  },
  'POST /api/assessments/{id}/ai-review': {
    exempt:
      'asks for a review: each model call it makes is audited as ai.call (none while AI is off)',
  },
  // Live pads: admins may read a pad, never change one (the pad's people act; its runs,
  // notes and end are records of their own in the pad).
  'POST /api/pads': { exempt: padPeople },
  'POST /api/pads/{id}/end': { exempt: padPeople },
  'POST /api/pads/{id}/notes': { exempt: padPeople },
  'PUT /api/pads/{id}/notes/{noteId}': { exempt: padPeople },
  'DELETE /api/pads/{id}/notes/{noteId}': { exempt: padPeople },
  'POST /api/pads/{id}/runs': { exempt: padPeople },
  'POST /api/assessments': { exempt: recruiterOnly },
  'POST /api/assessments/{id}/start': { exempt: candidateOnly },
  'PUT /api/assessments/{id}/tasks/{taskId}': { exempt: candidateOnly },
  'POST /api/assessments/{id}/toggle-all': { exempt: candidateOnly },
  'POST /api/assessments/{id}/submit': { exempt: candidateOnly },
  'PUT /api/assessments/{id}/files/{fileName}': { exempt: candidateOnly },
  'POST /api/assessments/{id}/file-changes': { exempt: candidateOnly },
  'PUT /api/assessments/{id}/answers/{taskId}': { exempt: candidateOnly },
  'POST /api/assessments/{id}/playback/{fileName}': { exempt: candidateOnly },
  'PUT /api/assessments/{id}/evaluation': {
    action: 'assessment.evaluate',
    run: () =>
      json('PUT', `/api/assessments/${submittedAssessmentId}/evaluation`, {
        score: 70,
        feedback: 'Fine',
      }),
  },
  'PUT /api/assessments/{id}/due-date': {
    action: 'assessment.due-date',
    run: () =>
      json('PUT', `/api/assessments/${openAssessmentId}/due-date`, { dueDate: future(20) }),
  },
  'POST /api/assessments/{id}/test-runs': {
    exempt: 'a test run is its own record (who asked, when, the result); it changes nothing',
  },
  'POST /api/conversations': { exempt: self },
  'POST /api/conversations/{id}/messages': { exempt: self },
  'POST /api/conversations/{id}/read': { exempt: self },
  'POST /api/notifications/{id}/read': { exempt: self },
  'POST /api/session/activity': { exempt: self },
  'POST /api/account/erase': { exempt: `${self}; the erasure itself is audited` },
  'POST /api/jobs': { exempt: recruiterOnly },
  'POST /api/jobs/{id}/duplicate': { exempt: recruiterOnly },
  'PUT /api/jobs/{id}': {
    action: 'job.update',
    run: () => json('PUT', `/api/jobs/${jobId}`, { ...jobFields, title: 'Platform Lead' }),
  },
  'POST /api/jobs/{id}/status': {
    action: 'job.close',
    run: () => json('POST', `/api/jobs/${jobId}/status`, { action: 'close' }),
  },
  'PUT /api/jobs/{id}/owner': {
    action: 'job.reassign',
    run: () => json('PUT', `/api/jobs/${jobId}/owner`, { recruiterId: rec2.id }),
  },
  'DELETE /api/jobs/{id}': {
    action: 'job.delete',
    run: async () =>
      json('DELETE', `/api/jobs/${await idOf(await json('POST', '/api/jobs', jobFields, rec))}`),
  },
  'POST /api/jobs/{id}/applications': { exempt: candidateOnly },
  'POST /api/jobs/{id}/applications/move': {
    action: 'application.move',
    run: () =>
      json('POST', `/api/jobs/${jobId}/applications/move`, {
        applicationIds: [applicationId],
        stage: 'screening',
      }),
  },
  'POST /api/applications/{id}/withdraw': { exempt: candidateOnly },
  'POST /api/applications/{id}/notes': {
    action: 'application.note',
    run: () => json('POST', `/api/applications/${applicationId}/notes`, { body: 'Looks good' }),
  },
  'POST /api/jobs/{id}/invitations': { exempt: recruiterOnly },
  'POST /api/invitations/{id}/read': { exempt: candidateOnly },
  'POST /api/applications/{id}/interviews': { exempt: recruiterOnly },
  'PUT /api/jobs/{id}/scorecard-criteria': { exempt: recruiterOnly },
  'POST /api/interviews/{id}/pick': { exempt: candidateOnly },
  'POST /api/interviews/{id}/reschedule': { exempt: recruiterOnly },
  'POST /api/interviews/{id}/cancel': { exempt: recruiterOnly },
  'POST /api/interviews/{id}/slots/{slotId}/withdraw': { exempt: recruiterOnly },
  'PUT /api/interviews/{id}/scorecard': {
    exempt: 'the interview’s interviewers only, each their own scorecard (admins are refused)',
  },
  'PUT /api/admin/users/{id}/role': {
    action: 'user.set-role',
    run: async () =>
      json('PUT', `/api/admin/users/${(await someone('Role'))?.id}/role`, {
        role: 'recruiter',
      }),
  },
  'POST /api/admin/users/{id}/deactivate': {
    action: 'user.ban-user',
    run: async () =>
      json('POST', `/api/admin/users/${(await someone('Ban')).id}/deactivate`, { reason: 'Spam' }),
  },
  'POST /api/admin/users/{id}/reactivate': {
    action: 'user.unban-user',
    run: async () => {
      const u = await someone('Unban');
      await json('POST', `/api/admin/users/${u.id}/deactivate`, { reason: 'Spam' });
      return json('POST', `/api/admin/users/${u.id}/reactivate`);
    },
  },
  'POST /api/admin/users/{id}/revoke-sessions': {
    action: 'user.revoke-user-sessions',
    run: async () => json('POST', `/api/admin/users/${(await someone('Out')).id}/revoke-sessions`),
  },
  'POST /api/admin/users/{id}/password-reset': {
    action: 'user.password-reset',
    run: async () => json('POST', `/api/admin/users/${(await someone('Reset')).id}/password-reset`),
  },
  'PUT /api/settings/security': {
    action: 'settings.security.update',
    run: () =>
      json('PUT', '/api/settings/security', { sessionTimeoutMinutes: 60, requireTwoFactor: false }),
  },
  'PUT /api/settings/feedback': {
    action: 'settings.feedback.update',
    run: () =>
      json('PUT', '/api/settings/feedback', {
        automatedFeedback: true,
        feedbackDetail: 'detailed',
        shareWithCandidate: false,
      }),
  },
  'POST /api/admin/users/{id}/export': {
    action: 'user.export',
    run: () => json('POST', `/api/admin/users/${cand.id}/export`, { reason: 'Asked by mail' }),
  },
  'POST /api/admin/users/{id}/erase': {
    action: 'user.erase',
    run: async () =>
      json('POST', `/api/admin/users/${(await someone('Erase')).id}/erase`, {
        reason: 'Asked by mail',
      }),
  },
  'POST /api/admin/integrations/test-mail': {
    action: 'integrations.test-mail',
    run: () => json('POST', '/api/admin/integrations/test-mail'),
  },
  'POST /api/departments': {
    action: 'department.create',
    run: () => json('POST', '/api/departments', { name: 'Legal' }),
  },
  'PATCH /api/departments/{id}': {
    action: 'department.archive',
    run: () => json('PATCH', `/api/departments/${departmentId}`, { archived: true }),
  },
  'DELETE /api/departments/{id}': {
    action: 'department.delete',
    run: () => json('DELETE', `/api/departments/${departmentId}`),
  },
};

/** better-auth's admin endpoints (not in the OpenAPI document), by path. */
const AUTH_ADMIN: Record<string, Case> = {
  '/admin/list-user-sessions': { exempt: 'reads only' },
  '/admin/has-permission': { exempt: 'reads only' },
  '/admin/remove-user': {
    exempt: 'refused: deletion goes through the erasure, which is audited (user.erase)',
  },
  '/admin/set-role': {
    action: 'user.set-role',
    run: async () =>
      json('POST', '/api/auth/admin/set-role', {
        userId: (await someone('Role2')).id,
        role: 'recruiter',
      }),
  },
  '/admin/create-user': {
    action: 'user.create-user',
    run: () =>
      json('POST', '/api/auth/admin/create-user', {
        email: `made-${Date.now()}@example.test`,
        password: 'secret-password',
        name: 'Made By Admin',
        role: 'candidate',
      }),
  },
  '/admin/update-user': {
    action: 'user.update-user',
    run: async () =>
      json('POST', '/api/auth/admin/update-user', {
        userId: (await someone('Update')).id,
        data: { name: 'Updated Name' },
      }),
  },
  '/admin/ban-user': {
    action: 'user.ban-user',
    run: async () =>
      json('POST', '/api/auth/admin/ban-user', { userId: (await someone('Ban2')).id }),
  },
  '/admin/unban-user': {
    action: 'user.unban-user',
    run: async () =>
      json('POST', '/api/auth/admin/unban-user', { userId: (await someone('Unban2')).id }),
  },
  '/admin/set-user-password': {
    action: 'user.set-user-password',
    run: async () =>
      json('POST', '/api/auth/admin/set-user-password', {
        userId: (await someone('Password')).id,
        newPassword: 'another-secret-password',
      }),
  },
  '/admin/revoke-user-sessions': {
    action: 'user.revoke-user-sessions',
    run: async () =>
      json('POST', '/api/auth/admin/revoke-user-sessions', { userId: (await someone('Out2')).id }),
  },
  '/admin/revoke-user-session': {
    action: 'user.revoke-user-session',
    run: async () => {
      const u = await someone('OutOne');
      const [s] = await t.database.db
        .select({ token: session.token })
        .from(session)
        .where(eq(session.userId, u.id));
      return json('POST', '/api/auth/admin/revoke-user-session', { sessionToken: s!.token });
    },
  },
  '/admin/impersonate-user': {
    action: 'user.impersonate-user',
    run: async () =>
      json('POST', '/api/auth/admin/impersonate-user', { userId: (await someone('Worn')).id }),
  },
  '/admin/stop-impersonating': {
    action: 'user.stop-impersonating',
    run: async () => {
      const started = await json('POST', '/api/auth/admin/impersonate-user', {
        userId: (await someone('Worn2')).id,
      });
      expect(started.status).toBe(200);
      const cookies = [
        admin.cookie,
        ...started.headers.getSetCookie().map((c) => c.split(';')[0]!),
      ];
      // The impersonation's cookie replaces the admin's session cookie of the same name.
      const jar = new Map(
        cookies.flatMap((c) => c.split('; ')).map((c) => c.split('=', 2) as [string, string]),
      );
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      return t.request('/api/auth/admin/stop-impersonating', {
        method: 'POST',
        headers: { cookie },
        json: {},
      });
    },
  },
};

async function expectAudited(name: string, c: Audited) {
  const [last] = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  const res = await c.run();
  expect(res.status, `${name}: ${await res.clone().text()}`).toBeLessThan(300);
  const entries = await t.database.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, last?.id ?? 0));
  expect(
    entries.map((e) => e.action),
    `${name} leaves an audit entry "${c.action}"`,
  ).toContain(c.action);
  const entry = entries.find((e) => e.action === c.action)!;
  expect(entry.actorId, `${name}: the admin is the actor`).toBe(admin.id);
}

describe('every admin mutation is audited', () => {
  it('classifies every mutation route of the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const found = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const unclassified = found.filter((r) => !(r in ROUTES));
    expect(unclassified, 'add these routes to ROUTES: audited, or exempt with a reason').toEqual(
      [],
    );
    const gone = Object.keys(ROUTES).filter((r) => !found.includes(r));
    expect(gone, 'ROUTES lists routes the API no longer has').toEqual([]);
  });

  it('classifies every better-auth admin endpoint', () => {
    const endpoints = Object.values(t.auth.api as Record<string, unknown>)
      .map((e) => e as { path?: string; options?: { method?: string | string[] } })
      .filter((e) => e.path?.startsWith('/admin/'))
      .filter((e) => [e.options?.method].flat().some((m) => m !== 'GET'))
      .map((e) => e.path!);
    expect(endpoints.length).toBeGreaterThan(5);
    expect(endpoints.filter((p) => !(p in AUTH_ADMIN))).toEqual([]);
  });

  for (const [name, c] of Object.entries(ROUTES)) {
    if ('exempt' in c) continue;
    it(`${name} → ${c.action}`, () => expectAudited(name, c));
  }

  for (const [path, c] of Object.entries(AUTH_ADMIN)) {
    if ('exempt' in c) continue;
    it(`better-auth ${path} → ${c.action}`, () => expectAudited(path, c));
  }

  it('never logs the session token of a revoked session', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.revoke-user-session'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toMatch(/token/i);
  });
});
