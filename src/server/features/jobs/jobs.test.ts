import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { JOB_TEXTS } from '../../../domain/jobs';
import {
  applicationEvent,
  assessment,
  job,
  jobApplication,
  outbox,
  recruiterAssignment,
} from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createJob, createTemplate, jobBody as factoryJobBody } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;
let candC: TestUser;
let templateId: string;
const events: BusMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Bea Candidate' });
  candC = await t.signUp({ accountType: 'candidate', name: 'Cal Candidate' });
  await t.request('/api/profile', {
    method: 'PUT',
    as: recA,
    json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
  });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Password policy',
      roleName: 'Full Stack Developer',
      tasks: [{ title: 'Implement', description: '', type: 'code' }],
    })
  ).id;
  t.bus.subscribe((m) => events.push(m));
});
afterAll(async () => {
  await t?.close();
});

// The factory's job with a shown salary, a Markdown description and two openings.
const details = {
  salaryMin: 80000,
  salaryMax: 110000,
  currency: 'EUR',
  showSalary: true,
  description: '# About\n\nBuild **things**.',
  openings: 2,
};
const jobBody = (over: Record<string, unknown> = {}) => factoryJobBody({ ...details, ...over });
const post = (as: TestUser | null, over: Record<string, unknown> = {}) =>
  t.request('/api/jobs', { method: 'POST', as, json: jobBody(over) });
const postOk = (over: Record<string, unknown> = {}, as = recA) =>
  createJob(t, as, { ...details, ...over });
const applyForm = (coverLetter: string, resume?: { bytes: Uint8Array; name: string }) => {
  const form = new FormData();
  form.set('coverLetter', coverLetter);
  if (resume) form.set('resume', new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name));
  return form;
};
const apply = (as: TestUser | null, jobId: string, form = applyForm('I would love to join.')) =>
  t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as, body: form });
const applyOk = async (as: TestUser, jobId: string) => {
  const res = await apply(as, jobId);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; stage: string };
};
const move = (as: TestUser | null, jobId: string, body: Record<string, unknown>) =>
  t.request(`/api/jobs/${jobId}/applications/move`, { method: 'POST', as, json: body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const jobCount = async () => (await t.database.db.select({ id: job.id }).from(job)).length;
const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');

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

describe('browse and apply', () => {
  it('shows candidates published, open jobs only, with filters and paging', async () => {
    const open = await postOk({ title: 'Zebra keeper', workplaceType: 'remote' });
    const draft = await postOk({ title: 'Zebra draft', status: 'draft' });
    const closed = await postOk({ title: 'Zebra closed' });
    await t.request(`/api/jobs/${closed.id}/status`, {
      method: 'POST',
      as: recA,
      json: { action: 'close' },
    });
    const hidden = await postOk({
      title: 'Zebra hidden pay',
      showSalary: false,
      salaryMax: 999999,
    });
    const browse = async (query: string, as = candA) => {
      const res = await t.request(`/api/jobs?${query}`, { as });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as {
        items: { id: string; salaryMax: number | null; applied: boolean }[];
        nextCursor: string | null;
      };
    };
    const ids = (await browse('q=zebra')).items.map((j) => j.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(closed.id);
    // A hidden salary is neither shown nor matched by the salary filter.
    expect((await browse('q=zebra')).items.find((j) => j.id === hidden.id)?.salaryMax).toBeNull();
    expect((await browse('q=zebra&salaryMin=500000')).items.map((j) => j.id)).not.toContain(
      hidden.id,
    );
    expect((await browse('q=zebra&workplaceType=remote')).items.map((j) => j.id)).toEqual([
      open.id,
    ]);
    expect((await browse('q=zebra&jobType=internship')).items).toEqual([]);
    expect((await browse('location=berlin&q=zebra')).items.length).toBeGreaterThan(0);
    expect((await browse('q=zebra&posted=1')).items.length).toBeGreaterThan(0);
    expect((await browse('q=100%25')).items).toEqual([]);
    // Paging: every published job exactly once.
    for (let i = 0; i < 22; i++) await postOk({ title: `Paged ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof browse>> = await browse(
        `q=paged${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((j) => j.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(22);
    expect(new Set(seen).size).toBe(22);
    // Bad filters and cursors are 400s.
    for (const q of [
      'cursor=garbage',
      'cursor=2020-01-01T00:00:00.000Z|bad id',
      'salaryMin=-5',
      'salaryMin=abc',
      'workplaceType=x',
      'posted=2',
      'q=%00',
    ]) {
      expect((await t.request(`/api/jobs?${q}`, { as: candA })).status, q).toBe(400);
    }
    expect((await t.request('/api/jobs', { as: recA })).status).toBe(403);
    expect((await t.request('/api/jobs', { as: null })).status).toBe(401);
  });

  it('lets a candidate open an open job but not a draft', async () => {
    const open = await postOk({ title: 'Visible' });
    const draft = await postOk({ title: 'Invisible', status: 'draft' });
    const res = await t.request(`/api/jobs/${open.id}`, { as: candA });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { canApply: boolean }).canApply).toBe(true);
    expect((await t.request(`/api/jobs/${draft.id}`, { as: candA })).status).toBe(404);
    expect((await t.request(`/api/jobs/${draft.id}`, { as: recB })).status).toBe(403);
    expect((await t.request(`/api/jobs/${draft.id}`, { as: admin })).status).toBe(200);
  });

  it('applies once, with a PDF résumé, and makes the recruiter an assigned recruiter', async () => {
    const j = await postOk({ title: 'Apply here' });
    const res = await apply(
      candB,
      j.id,
      applyForm('Hello, I am Bea.', { bytes: pdf, name: 'cv.pdf' }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const app = (await res.json()) as { id: string; stage: string; hasResume: boolean };
    expect(app.stage).toBe('applied');
    expect(app.hasResume).toBe(true);
    const again = await apply(candB, j.id);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(JOB_TEXTS.alreadyApplied);
    const links = await t.database.db
      .select()
      .from(recruiterAssignment)
      .where(eq(recruiterAssignment.candidateId, candB.id));
    expect(links.map((l) => l.recruiterId)).toContain(recA.id);
    // The résumé: the candidate and the recruiter may download it, nobody else.
    const file = await t.request(`/api/applications/${app.id}/resume`, { as: recA });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await t.request(`/api/applications/${app.id}/resume`, { as: candB })).status).toBe(200);
    expect((await t.request(`/api/applications/${app.id}/resume`, { as: recB })).status).toBe(404);
    expect((await t.request(`/api/applications/${app.id}/resume`, { as: candA })).status).toBe(404);
    // The job now shows the application, read-only.
    const detail = (await (await t.request(`/api/jobs/${j.id}`, { as: candB })).json()) as {
      canApply: boolean;
      myApplication: { id: string } | null;
    };
    expect(detail.canApply).toBe(false);
    expect(detail.myApplication?.id).toBe(app.id);
  });

  it('stores and serves a résumé name without bidi or control characters', async () => {
    // U+202E shows "cv\u202Efdp.exe" as "cvexe.pdf"; the zero-width space and tab hide too.
    const j = await postOk({ title: 'Spoofed name' });
    const res = await apply(
      candC,
      j.id,
      applyForm('Hello.', { bytes: pdf, name: 'my\tcv\u200B\u202Efdp.exe' }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const app = (await res.json()) as { id: string; resumeName: string };
    expect(app.resumeName).toBe('mycvfdp.exe');
    const [row] = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.id, app.id));
    expect(row?.resumeName).toBe('mycvfdp.exe');
    // A name stored before the rule is cleaned as it is served.
    await t.database.db
      .update(jobApplication)
      .set({ resumeName: 'old\u2067cv\u2069.pdf' })
      .where(eq(jobApplication.id, app.id));
    const file = await t.request(`/api/applications/${app.id}/resume`, { as: recA });
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''oldcv.pdf");
    const list = (await (
      await t.request(`/api/jobs/${j.id}/applications`, { as: recA })
    ).json()) as { resumeName: string }[];
    expect(list[0]?.resumeName).toBe('oldcv.pdf');
  });

  it('refuses bad applications and changes nothing', async () => {
    const j = await postOk({ title: 'Strict' });
    const draft = await postOk({ title: 'Strict draft', status: 'draft' });
    const count = async () =>
      (await t.database.db.select().from(jobApplication).where(eq(jobApplication.jobId, j.id)))
        .length;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const notPdf = await apply(candC, j.id, applyForm('Hi', { bytes: png, name: 'cv.pdf' }));
    expect(notPdf.status).toBe(415);
    expect(await messageOf(notPdf)).toBe(JOB_TEXTS.resumePdf);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(pdf.slice(0, 5));
    expect((await apply(candC, j.id, applyForm('Hi', { bytes: big, name: 'cv.pdf' }))).status).toBe(
      413,
    );
    expect((await apply(candC, j.id, applyForm('  '))).status).toBe(400);
    expect((await apply(candC, j.id, applyForm('a\u0000b'))).status).toBe(400);
    expect((await apply(candC, j.id, applyForm('x'.repeat(5001)))).status).toBe(400);
    expect(
      (
        await t.request(`/api/jobs/${j.id}/applications`, {
          method: 'POST',
          as: candC,
          json: { coverLetter: 'json instead of a form' },
        })
      ).status,
    ).toBe(415);
    expect((await apply(recA, j.id)).status).toBe(403);
    expect((await apply(admin, j.id)).status).toBe(403);
    expect((await apply(null, j.id)).status).toBe(401);
    expect((await apply(candC, draft.id)).status).toBe(404);
    expect((await apply(candC, 'missing')).status).toBe(404);
    expect(await count()).toBe(0);
    await t.request(`/api/jobs/${j.id}/status`, {
      method: 'POST',
      as: recA,
      json: { action: 'close' },
    });
    const closed = await apply(candC, j.id);
    expect(closed.status).toBe(400);
    expect(await messageOf(closed)).toBe(JOB_TEXTS.notOpen);
    await t.request(`/api/jobs/${j.id}/status`, {
      method: 'POST',
      as: recA,
      json: { action: 'archive' },
    });
    expect((await apply(candC, j.id)).status).toBe(400);
    expect(await count()).toBe(0);
  });

  it('lists my applications and withdraws one', async () => {
    const j = await postOk({ title: 'Withdrawable' });
    const app = await applyOk(candC, j.id);
    const mine = (await (await t.request('/api/applications/mine', { as: candC })).json()) as {
      id: string;
      timeline: { toStage: string }[];
    }[];
    expect(mine.find((a) => a.id === app.id)?.timeline.map((e) => e.toStage)).toEqual(['applied']);
    expect((await t.request('/api/applications/mine', { as: recA })).status).toBe(403);
    const other = await t.request(`/api/applications/${app.id}/withdraw`, {
      method: 'POST',
      as: candA,
    });
    expect(other.status).toBe(404);
    const ok = await t.request(`/api/applications/${app.id}/withdraw`, {
      method: 'POST',
      as: candC,
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { stage: string }).stage).toBe('withdrawn');
    const twice = await t.request(`/api/applications/${app.id}/withdraw`, {
      method: 'POST',
      as: candC,
    });
    expect(twice.status).toBe(400);
    // A withdrawn application cannot be moved.
    const moved = await move(recA, j.id, { applicationIds: [app.id], stage: 'screening' });
    expect(moved.status).toBe(400);
    expect(await messageOf(moved)).toBe(JOB_TEXTS.withdrawn);
  });
});

describe('the pipeline', () => {
  it('moves applications, keeps history, mails the candidate and publishes a live event', async () => {
    const j = await postOk({ title: 'Pipeline role' });
    const a = await applyOk(candA, j.id);
    const b = await applyOk(candB, j.id);
    events.length = 0;
    const res = await move(recA, j.id, { applicationIds: [a.id, b.id], stage: 'screening' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ moved: 2 });
    // On PostgreSQL the bus is LISTEN/NOTIFY: events arrive shortly after the answer.
    await vi.waitFor(() => {
      const changed = events.filter((e) => e.event.type === 'application.changed');
      expect(changed.map((e) => e.audience.userIds)).toEqual(
        expect.arrayContaining([
          [candA.id, recA.id],
          [candB.id, recA.id],
        ]),
      );
    });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, candA.email));
    expect(mails.some((m) => m.subject === 'Your application for Pipeline role: In review')).toBe(
      true,
    );
    // Rejection needs a reason; the reason stays with the recruiters.
    const noReason = await move(recA, j.id, { applicationIds: [b.id], stage: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(await messageOf(noReason)).toContain(JOB_TEXTS.reasonRequired);
    const rejected = await move(recA, j.id, {
      applicationIds: [b.id],
      stage: 'rejected',
      reason: 'Not enough TypeScript',
    });
    expect(rejected.status).toBe(200);
    const detail = (await (await t.request(`/api/applications/${b.id}`, { as: recA })).json()) as {
      rejectionReason: string;
      seen: boolean;
      history: { fromStage: string | null; toStage: string; actorName: string }[];
    };
    expect(detail.rejectionReason).toBe('Not enough TypeScript');
    expect(detail.seen).toBe(true);
    expect(detail.history.map((h) => `${h.fromStage}>${h.toStage}`)).toEqual([
      'null>applied',
      'applied>screening',
      'screening>rejected',
    ]);
    expect(detail.history[2]?.actorName).toBe('Rita Recruiter');
    const mine = (await (await t.request('/api/applications/mine', { as: candB })).json()) as {
      id: string;
      stage: string;
    }[];
    const own = mine.find((x) => x.id === b.id)!;
    expect(own.stage).toBe('rejected');
    expect('rejectionReason' in own).toBe(false);
  });

  it("refuses other recruiters, candidates and other jobs' applications", async () => {
    const j = await postOk({ title: 'Guarded' });
    const other = await postOk({ title: 'Other job' });
    const a = await applyOk(candA, j.id);
    const x = await applyOk(candA, other.id);
    const before = await t.database.db.select().from(applicationEvent);
    expect((await move(recB, j.id, { applicationIds: [a.id], stage: 'offer' })).status).toBe(403);
    expect((await move(candA, j.id, { applicationIds: [a.id], stage: 'offer' })).status).toBe(403);
    expect((await move(recA, j.id, { applicationIds: [x.id], stage: 'offer' })).status).toBe(404);
    expect((await move(recA, j.id, { applicationIds: [a.id], stage: 'withdrawn' })).status).toBe(
      400,
    );
    expect((await move(recA, j.id, { applicationIds: [], stage: 'offer' })).status).toBe(400);
    expect((await move(recA, j.id, { applicationIds: ['bad id'], stage: 'offer' })).status).toBe(
      400,
    );
    expect((await t.request(`/api/jobs/${j.id}/applications`, { as: recB })).status).toBe(403);
    expect((await t.request(`/api/applications/${a.id}`, { as: recB })).status).toBe(403);
    expect((await t.request(`/api/applications/${a.id}`, { as: candA })).status).toBe(403);
    const note = (as: TestUser, body: string) =>
      t.request(`/api/applications/${a.id}/notes`, { method: 'POST', as, json: { body } });
    expect((await note(recB, 'sneaky')).status).toBe(403);
    expect((await note(recA, '  ')).status).toBe(400);
    const saved = await note(recA, 'Strong portfolio');
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as { notes: { body: string }[] }).notes[0]?.body).toBe(
      'Strong portfolio',
    );
    expect(await t.database.db.select().from(applicationEvent)).toHaveLength(before.length);
    // Admins may move it.
    expect((await move(admin, j.id, { applicationIds: [a.id], stage: 'interview' })).status).toBe(
      200,
    );
  });

  it('assigns a template on Assessment, links it and shows the score once reviewed', async () => {
    const j = await postOk({ title: 'Assessed role' });
    const a = await applyOk(candC, j.id);
    const missing = await move(recA, j.id, { applicationIds: [a.id], stage: 'assessment' });
    expect(missing.status).toBe(400);
    const badTemplate = await move(recA, j.id, {
      applicationIds: [a.id],
      stage: 'assessment',
      assessment: { templateId: 'nope', dueDate: defaultDueDate(), message: '' },
    });
    expect(badTemplate.status).toBe(404);
    const [unchanged] = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.id, a.id));
    expect(unchanged?.stage).toBe('applied');
    const res = await move(recA, j.id, {
      applicationIds: [a.id],
      stage: 'assessment',
      assessment: { templateId, dueDate: defaultDueDate(), message: 'Good luck' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.id, a.id));
    expect(row?.stage).toBe('assessment');
    expect(row?.assessmentId).toBeTruthy();
    const [made] = await t.database.db
      .select()
      .from(assessment)
      .where(eq(assessment.id, row!.assessmentId!));
    expect(made?.candidateId).toBe(candC.id);
    expect(made?.recruiterId).toBe(recA.id);
    // Scoring needs the candidate's submission first.
    const submitted = await t.request(`/api/assessments/${made!.id}/submit`, {
      method: 'POST',
      as: candC,
    });
    expect(submitted.status).toBe(200);
    const scored = await t.request(`/api/assessments/${made!.id}/evaluation`, {
      method: 'PUT',
      as: recA,
      json: { score: 88, feedback: 'Good' },
    });
    expect(scored.status).toBe(200);
    const list = (await (
      await t.request(`/api/jobs/${j.id}/applications`, { as: recA })
    ).json()) as {
      id: string;
      assessment: { score: number | null } | null;
    }[];
    expect(list.find((x) => x.id === a.id)?.assessment?.score).toBe(88);
    const mine = (await (await t.request('/api/applications/mine', { as: candC })).json()) as {
      id: string;
      assessment: { id: string } | null;
    }[];
    expect(mine.find((x) => x.id === a.id)?.assessment?.id).toBe(made!.id);
    // An admin cannot assign an assessment on the recruiter's behalf.
    const b = await applyOk(candA, j.id);
    const byAdmin = await move(admin, j.id, {
      applicationIds: [b.id],
      stage: 'assessment',
      assessment: { templateId, dueDate: defaultDueDate(), message: '' },
    });
    expect(byAdmin.status).toBe(403);
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
