import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { JOB_TEXTS } from '../../../domain/jobs';
import {
  applicationEvent,
  assessment,
  jobApplication,
  outbox,
  recruiterAssignment,
} from '../../db/schema';
import type { TestUser } from '../../test/harness';
import {
  admin,
  apply,
  applyForm,
  applyOk,
  candA,
  candB,
  candC,
  events,
  messageOf,
  move,
  pdf,
  postOk,
  recA,
  recB,
  t,
  templateId,
  withJobsApp,
} from './jobs-fixture';

// Browsing and applying for jobs, and moving applications through the pipeline.

withJobsApp();

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
