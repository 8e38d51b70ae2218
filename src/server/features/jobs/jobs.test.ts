import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOB_TEXTS } from '../../../domain/jobs';
import { job, jobApplication, recruiterAssignment } from '../../db/schema';
import type { TestUser } from '../../test/harness';
import {
  admin,
  applyOk,
  candA,
  candB,
  jobBody,
  jobCount,
  messageOf,
  move,
  post,
  postOk,
  recA,
  recB,
  t,
  withJobsApp,
} from './jobs-fixture';

// Posting, My Listings and job actions, Manage Jobs (browse, apply and the pipeline are in
// apply-and-pipeline.test.ts).

withJobsApp();

describe('posting jobs', () => {
  it('lets a recruiter post a published job and a draft', async () => {
    const published = await postOk();
    expect(published.status).toBe('published');
    const draft = await postOk({ status: 'draft', title: 'Draft role' });
    expect(draft.status).toBe('draft');
    const [row] = await t.database.db.select().from(job).where(eq(job.id, published.id));
    expect(row?.publishedAt).not.toBeNull();
    expect(row?.locations).toEqual(['Berlin', 'Remote EU']);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await jobCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title'],
      [{ department: 'Finance' }, 'department'],
      [{ locations: [] }, 'locations'],
      [{ workplaceType: 'moon' }, 'workplaceType'],
      [{ jobType: 'gig' }, 'jobType'],
      [{ experience: '2-4' }, 'experience'],
      [{ salaryMin: 100, salaryMax: 50 }, 'salaryMax'],
      [{ salaryMin: -1 }, 'salaryMin'],
      [{ salaryMin: 1.5 }, 'salaryMin'],
      [{ currency: 'JPY' }, 'currency'],
      [{ openings: 0 }, 'openings'],
      [{ closingDate: '2030-02-30' }, 'closingDate'],
      [{ closingDate: 'tomorrow' }, 'closingDate'],
      [{ title: 'a\u0000b' }, 'title'],
      [{ description: 'x'.repeat(20_001) }, 'description'],
      [{ title: 'x'.repeat(151) }, 'title'],
    ];
    for (const [over, field] of cases) {
      const res = await post(recA, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      const body = (await res.json()) as { issues: { path: string[] }[] };
      expect(body.issues[0]?.path[0], JSON.stringify(over)).toBe(field);
    }
    const past = await post(recA, { closingDate: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(await messageOf(past)).toBe(JOB_TEXTS.closingInPast);
    const salary = await post(recA, { salaryMin: 100, salaryMax: 50 });
    expect(await messageOf(salary)).toContain(JOB_TEXTS.salaryOrder);
    expect(await jobCount()).toBe(before);
  });

  it('is for recruiters only', async () => {
    expect((await post(null)).status).toBe(401);
    expect((await post(candA)).status).toBe(403);
    expect((await post(admin)).status).toBe(403);
  });
});

describe('my listings and job actions', () => {
  it("lists a recruiter's own jobs only, with counts; admins see all", async () => {
    const mine = await postOk({ title: 'Listing A' });
    const theirs = await postOk({ title: 'Listing B' }, recB);
    const list = async (as: TestUser) =>
      (await (await t.request('/api/jobs/managed', { as })).json()) as {
        id: string;
        counts: Record<string, number>;
        newApplications: number;
      }[];
    const forA = await list(recA);
    expect(forA.map((j) => j.id)).toContain(mine.id);
    expect(forA.map((j) => j.id)).not.toContain(theirs.id);
    const all = (await list(admin)).map((j) => j.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await t.request('/api/jobs/managed', { as: candA })).status).toBe(403);

    await applyOk(candA, mine.id);
    const row = (await list(recA)).find((j) => j.id === mine.id)!;
    expect(row.counts.applied).toBe(1);
    expect(row.newApplications).toBe(1);
  });

  it('counts as new only unopened applications still Applied, and only while the job is open', async () => {
    const moved = await postOk({ title: 'New count: moved' });
    const closed = await postOk({ title: 'New count: closed' });
    const app = await applyOk(candA, moved.id);
    await applyOk(candB, moved.id);
    await applyOk(candA, closed.id);
    expect(
      (await move(recA, moved.id, { applicationIds: [app.id], stage: 'screening' })).status,
    ).toBe(200);
    const shut = await t.request(`/api/jobs/${closed.id}/status`, {
      method: 'POST',
      as: recA,
      json: { action: 'close' },
    });
    expect(shut.status).toBe(200);
    const rows = (await (await t.request('/api/jobs/managed', { as: recA })).json()) as {
      id: string;
      newApplications: number;
    }[];
    expect(rows.find((j) => j.id === moved.id)?.newApplications).toBe(1);
    expect(rows.find((j) => j.id === closed.id)?.newApplications).toBe(0);
  });

  it('closes, reopens, archives and duplicates; refuses impossible transitions', async () => {
    const j = await postOk({ title: 'Lifecycle' });
    const act = (action: string, as = recA) =>
      t.request(`/api/jobs/${j.id}/status`, { method: 'POST', as, json: { action } });
    expect((await act('close')).status).toBe(200);
    expect((await act('close')).status).toBe(400);
    expect((await act('reopen')).status).toBe(200);
    const publish = await act('publish');
    expect(publish.status).toBe(400);
    expect(await publish.json()).toMatchObject({
      message: 'A published job cannot be changed with "publish"',
      code: 'job-action-refused',
      params: { status: 'published', action: 'publish' },
    });
    expect((await act('fly')).status).toBe(400);
    expect((await act('close', recB)).status).toBe(403);
    expect(await messageOf(await act('close', recB))).toBe(JOB_TEXTS.notYourJob);
    expect((await act('close', candA)).status).toBe(403);
    const copy = await t.request(`/api/jobs/${j.id}/duplicate`, { method: 'POST', as: recA });
    expect(copy.status).toBe(201);
    const copied = (await copy.json()) as { id: string; status: string; title: string };
    expect(copied.status).toBe('draft');
    expect(copied.title).toBe('Lifecycle');
    expect(
      (await t.request(`/api/jobs/${j.id}/duplicate`, { method: 'POST', as: recB })).status,
    ).toBe(403);
    expect((await act('archive')).status).toBe(200);
    const edit = await t.request(`/api/jobs/${j.id}`, {
      method: 'PUT',
      as: recA,
      json: jobBody({ status: undefined }),
    });
    expect(edit.status).toBe(400);
    expect(await messageOf(edit)).toBe(JOB_TEXTS.archivedReadOnly);
  });

  it('edits its own job and refuses another recruiter the edit', async () => {
    const j = await postOk({ title: 'Editable' });
    const edit = (as: TestUser, over: Record<string, unknown>) =>
      t.request(`/api/jobs/${j.id}`, {
        method: 'PUT',
        as,
        json: { ...jobBody(over), status: undefined },
      });
    const ok = await edit(recA, { title: 'Edited title' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { title: string }).title).toBe('Edited title');
    expect((await edit(recB, { title: 'Hijack' })).status).toBe(403);
    expect((await edit(recA, { salaryMin: 10, salaryMax: 5 })).status).toBe(400);
    expect((await edit(recA, { closingDate: '2021-05-05' })).status).toBe(400);
    const [row] = await t.database.db.select().from(job).where(eq(job.id, j.id));
    expect(row?.title).toBe('Edited title');
    expect((await t.request('/api/jobs/not a valid id!', { as: recA })).status).toBe(400);
    expect((await t.request('/api/jobs/unknown-id', { as: recA })).status).toBe(404);
  });
});

describe('manage jobs (admin)', () => {
  it('closes, unpublishes, reassigns and removes any job; others are refused', async () => {
    const j = await postOk({ title: 'Admin target' });
    const a = await applyOk(candA, j.id);
    const act = (action: string, as = admin) =>
      t.request(`/api/jobs/${j.id}/status`, { method: 'POST', as, json: { action } });
    expect((await act('unpublish')).status).toBe(200);
    expect((await act('publish')).status).toBe(200);
    expect((await act('close')).status).toBe(200);
    const reassign = (as: TestUser, recruiterId: string) =>
      t.request(`/api/jobs/${j.id}/owner`, { method: 'PUT', as, json: { recruiterId } });
    expect((await reassign(recA, recB.id)).status).toBe(403);
    expect((await reassign(admin, candA.id)).status).toBe(400);
    expect((await reassign(admin, 'bad id!')).status).toBe(400);
    const ok = await reassign(admin, recB.id);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { recruiterId: string }).recruiterId).toBe(recB.id);
    // The new owner now works the pipeline and may message the applicant.
    expect((await t.request(`/api/applications/${a.id}`, { as: recB })).status).toBe(200);
    expect((await t.request(`/api/applications/${a.id}`, { as: recA })).status).toBe(403);
    const links = await t.database.db
      .select()
      .from(recruiterAssignment)
      .where(eq(recruiterAssignment.recruiterId, recB.id));
    expect(links.map((l) => l.candidateId)).toContain(candA.id);
    const del = (as: TestUser) => t.request(`/api/jobs/${j.id}`, { method: 'DELETE', as });
    expect((await del(recB)).status).toBe(403);
    expect((await del(candA)).status).toBe(403);
    expect((await del(admin)).status).toBe(204);
    expect((await del(admin)).status).toBe(404);
    const left = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.id, a.id));
    expect(left).toEqual([]);
  });
});
