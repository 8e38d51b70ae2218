import { eq } from 'drizzle-orm';
import { strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../../tests/fixtures/images';
import { toIsoDate } from '../../../domain/assessments';
import { auditLog, interview, jobApplication } from '../../db/schema';
import type { TestUser } from '../../test/harness';
import {
  admin,
  busyCandidate,
  candidateForm,
  ok,
  other,
  pdf,
  readZip,
  recruiter,
  t,
  withDataRightsApp,
} from './data-rights-fixture';

// Export: a user's own data, an admin's export on request, interviews (erasure is in
// erasure.test.ts).

withDataRightsApp();

describe('export', () => {
  it('gives the candidate everything about them, with their files, and nothing of others', async () => {
    const { cand, assessmentId, applicationId } = await busyCandidate();
    // Someone else's data that must not appear.
    await ok(
      t.request('/api/profile', {
        method: 'PUT',
        as: other,
        json: candidateForm('Olga Other', '+1 555 0100', 'secret bio of olga'),
      }),
    );
    const res = await ok(t.request('/api/account/export', { as: cand }));
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="talentforge-data-casey-candidate-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { files, data } = await readZip(res);

    expect(data.account).toMatchObject({ id: cand.id, email: cand.email, role: 'candidate' });
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(data.profile.details).toMatchObject({ phone: '+44 20 7946 0000', bio: 'I like types' });
    expect(files[data.profile.photo]).toEqual(new Uint8Array(PNG_1PX));

    const a = data.assessments.find((x: { id: string }) => x.id === assessmentId);
    expect(a).toMatchObject({
      score: 88,
      feedback: 'Clean and tested',
      recruiterName: 'Rita Recruiter',
    });
    expect(a.answers).toEqual([
      expect.objectContaining({ content: 'Because hashing.', task: 'Explain' }),
    ]);
    const file = a.workspaceFiles.find(
      (f: { fileName: string }) => f.fileName === 'auth.service.ts',
    );
    expect(strFromU8(files[file.file]!)).toBe('export const mine = 42;');
    // Only the runs a candidate sees: never the hidden tests'.
    for (const run of a.testRuns) expect(run.trigger).not.toBe('submit');
    expect(data.invitations).toContainEqual(
      expect.objectContaining({ assessmentId, opened: true }),
    );
    expect(data.notifications).toContainEqual(expect.objectContaining({ event: 'scored' }));

    const app = data.applications.find((x: { id: string }) => x.id === applicationId);
    expect(app).toMatchObject({ coverLetter: 'I would love to join.', status: 'Submitted' });
    expect(files[app.resume]).toEqual(pdf);

    const conv = data.conversations[0];
    expect(conv.participants).toContainEqual({ name: 'Rita Recruiter', role: 'recruiter' });
    expect(conv.messages.map((m: { from: string }) => m.from)).toEqual(['you', 'Rita Recruiter']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/token/i);

    const text = strFromU8(files['data.json']!);
    for (const leak of [recruiter.email, other.email, admin.email, 'secret bio of olga', 'Olga']) {
      expect(text).not.toContain(leak);
    }
    expect(text).not.toMatch(/"password":|scrypt|\$2[aby]\$/);
    // The download is itself on record.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.export'));
    expect(entry).toMatchObject({ actorId: cand.id, targetId: cand.id });
  });

  it('needs a session; recruiters and admins get their own account too', async () => {
    expect((await t.request('/api/account/export', { as: null })).status).toBe(401);
    const { data } = await readZip(await ok(t.request('/api/account/export', { as: recruiter })));
    expect(data.account).toMatchObject({ id: recruiter.id, role: 'recruiter' });
    expect(data.jobsPosted.length).toBeGreaterThan(0);
    expect(data.assessments).toBeUndefined();
    const mine = await readZip(await ok(t.request('/api/account/export', { as: admin })));
    expect(mine.data.account).toMatchObject({ id: admin.id, role: 'admin' });
  });

  it('an admin exports a user on request, with a reason; nobody else may', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Asked Export' });
    const post = (as: TestUser | null, json: unknown, id = cand.id) =>
      t.request(`/api/admin/users/${id}/export`, { method: 'POST', as, json });
    expect((await post(null, { reason: 'x' })).status).toBe(401);
    expect((await post(recruiter, { reason: 'x' })).status).toBe(403);
    expect((await post(other, { reason: 'x' })).status).toBe(403);
    expect((await post(recruiter, { nonsense: true })).status).toBe(403);
    expect((await post(admin, { reason: '  ' })).status).toBe(400);
    expect((await post(admin, { reason: 'x' }, 'no-such-user')).status).toBe(404);
    const res = await ok(post(admin, { reason: 'E-mail from the candidate, ticket 42' }));
    const { data } = await readZip(res);
    expect(data.account).toMatchObject({ id: cand.id, email: cand.email });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, cand.id));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'user.export',
        actorId: admin.id,
        after: expect.objectContaining({
          by: 'admin',
          reason: 'E-mail from the candidate, ticket 42',
        }),
      }),
    );
  });
});

describe('export of interviews', () => {
  it('gives the candidate their interviews without scorecards, and an interviewer the scorecards they wrote', async () => {
    const colleague = await t.signUp({ accountType: 'recruiter', name: 'Ivan Interviewer' });
    for (const who of [recruiter, colleague]) {
      await ok(
        t.request('/api/profile', {
          method: 'PUT',
          as: who,
          json: { name: who.name, company: { name: 'Northwind' } },
        }),
      );
    }
    const { cand, applicationId } = await busyCandidate('Ina Interviewee');
    const [row] = await t.database.db
      .select({ jobId: jobApplication.jobId })
      .from(jobApplication)
      .where(eq(jobApplication.id, applicationId));
    const jobId = row!.jobId;
    await ok(
      t.request(`/api/jobs/${jobId}/applications/move`, {
        method: 'POST',
        as: recruiter,
        json: { applicationIds: [applicationId], stage: 'interview' },
      }),
    );
    const slot = (days: number) => ({
      date: toIsoDate(new Date(Date.now() + days * 86_400_000)),
      time: '10:00',
      durationMinutes: 45,
      timeZone: 'Europe/Berlin',
      location: 'https://meet.example.test/ina',
    });
    const proposed = await (
      await ok(
        t.request(`/api/applications/${applicationId}/interviews`, {
          method: 'POST',
          as: recruiter,
          json: { slots: [slot(3), slot(4)], interviewerIds: [recruiter.id, colleague.id] },
        }),
        201,
      )
    ).json();
    await ok(
      t.request(`/api/interviews/${proposed.id}/pick`, {
        method: 'POST',
        as: cand,
        json: { slotId: proposed.slots[0].id },
      }),
    );
    await ok(
      t.request(`/api/jobs/${jobId}/scorecard-criteria`, {
        method: 'PUT',
        as: recruiter,
        json: { criteria: ['Coding'] },
      }),
    );
    // The interview has begun: scorecards may be written.
    const began = new Date(Date.now() - 3_600_000);
    await t.database.db
      .update(interview)
      .set({ startsAt: began })
      .where(eq(interview.id, proposed.id));
    await ok(
      t.request(`/api/interviews/${proposed.id}/scorecard`, {
        method: 'PUT',
        as: colleague,
        json: {
          ratings: [{ criterion: 'Coding', rating: 2 }],
          recommendation: 'no',
          notes: 'Private hiring-team note about Ina',
        },
      }),
    );

    const mine = await readZip(await ok(t.request('/api/account/export', { as: cand })));
    expect(mine.data.interviews).toEqual([
      expect.objectContaining({
        id: proposed.id,
        applicationId,
        status: 'scheduled',
        company: 'Northwind',
        scheduled: expect.objectContaining({
          startsAt: began.toISOString(),
          durationMinutes: 45,
          timeZone: 'Europe/Berlin',
          location: 'https://meet.example.test/ina',
        }),
        interviewers: ['Ivan Interviewer', 'Rita Recruiter'],
      }),
    ]);
    expect(mine.data.interviews[0].timesOffered).toHaveLength(2);
    const candidateText = strFromU8(mine.files['data.json']!);
    expect(candidateText).not.toContain('Private hiring-team note');
    expect(candidateText).not.toMatch(/"recommendation"|"ratings"|scorecardsWritten/);

    const theirs = await readZip(await ok(t.request('/api/account/export', { as: colleague })));
    expect(theirs.data.scorecardsWritten).toEqual([
      expect.objectContaining({
        interviewId: proposed.id,
        candidate: 'Ina Interviewee',
        ratings: [{ criterion: 'Coding', rating: 2 }],
        recommendation: 'no',
        notes: 'Private hiring-team note about Ina',
      }),
    ]);
    expect(theirs.data.interviews).toEqual([
      expect.objectContaining({ id: proposed.id, yourPart: ['interviewer'], status: 'scheduled' }),
    ]);
    // The organiser's export lists the interview but not the colleague's scorecard.
    const organiser = await readZip(await ok(t.request('/api/account/export', { as: recruiter })));
    expect(organiser.data.interviews).toContainEqual(
      expect.objectContaining({ id: proposed.id, yourPart: ['organiser', 'interviewer'] }),
    );
    expect(organiser.data.scorecardsWritten).toEqual([]);
  });
});
