import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { PAD_TEXTS, type Pad, type PadNote, type PadReplay } from '../../../domain/pads';
import { pad, padNote, padRun, padUpdate } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { countStatements } from '../../test/statement-counter';
import { appendUpdate, compact, loadDoc, startRun } from './pads.service';
import { castOfAnInterview, eventually, type PadCast } from './pads-fixture';

let t: TestApp;
let c: PadCast;
let padId: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await castOfAnInterview(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (as: TestUser | null, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(path, { as, ...init });

describe('starting a pad', () => {
  it('is refused to the candidate, another company and anyone signed out', async () => {
    const json = { interviewId: c.interviewId, language: 'python' };
    expect((await call(c.candidate, '/api/pads', { method: 'POST', json })).status).toBe(403);
    expect((await call(c.otherCompany, '/api/pads', { method: 'POST', json })).status).toBe(403);
    expect((await call(null, '/api/pads', { method: 'POST', json })).status).toBe(401);
    expect(await t.database.db.select().from(pad)).toEqual([]);
  });

  it('an interviewer starts it from the language’s project; a second Start pad opens the same', async () => {
    const res = await call(c.interviewer, '/api/pads', {
      method: 'POST',
      json: { interviewId: c.interviewId, language: 'python' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Pad;
    padId = body.id;
    expect(body).toMatchObject({ status: 'open', language: 'python', access: 'edit', team: true });
    expect(body.files.map((f) => f.path)).toContain('README.md');
    expect(body.people.map((p) => [p.name, p.role]).sort()).toEqual([
      ['Casey Candidate', 'candidate'],
      ['Ivan Interviewer', 'interviewer'],
      ['Rita Recruiter', 'interviewer'],
    ]);
    const again = await call(c.recruiter, '/api/pads', {
      method: 'POST',
      json: { interviewId: c.interviewId },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Pad).id).toBe(padId);
  });

  it('ad hoc for an application: the job’s recruiter only', async () => {
    const json = { applicationId: c.applicationId, language: 'go' };
    expect((await call(c.otherCompany, '/api/pads', { method: 'POST', json })).status).toBe(403);
    const res = await call(c.recruiter, '/api/pads', { method: 'POST', json });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Pad).interviewId).toBeNull();
  });
});

describe('starting from a template', () => {
  const project = {
    name: 'Totals',
    branch: 'main',
    context: '',
    ticket: '',
    runner: 'python',
    files: [
      { path: 'totals.py', content: 'def total(xs):\n    return sum(xs)\n' },
      { path: 'test_totals.py', content: 'from totals import total\n' },
    ],
    hiddenFiles: [{ path: 'hidden/test_secret.py', content: 'HIDDEN-TEST' }],
  };

  it('copies the template’s visible files (never its hidden tests) and takes its language', async () => {
    const template = await createTemplate(t, c.admin, { title: 'Totals', project });
    const res = await call(c.recruiter, '/api/pads', {
      method: 'POST',
      json: { applicationId: c.applicationId, language: 'java', templateId: template.id },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Pad;
    expect(body.language).toBe('python');
    expect(body.files).toEqual([
      { path: 'test_totals.py', content: 'from totals import total\n' },
      { path: 'totals.py', content: 'def total(xs):\n    return sum(xs)\n' },
    ]);
    const candidateView = await call(c.candidate, `/api/pads/${body.id}`);
    expect(await candidateView.text()).not.toContain('HIDDEN-TEST');
  });

  it('refuses a template the recruiter may not use, one that does not exist, a bad id', async () => {
    const closed = await createTemplate(t, c.admin, {
      title: 'Closed',
      project,
      authorizedRecruiters: [c.interviewer.id],
    });
    const sqlOnly = await createTemplate(t, c.admin, { title: 'SQL', starterProject: 'sql' });
    const start = (templateId: string) =>
      call(c.recruiter, '/api/pads', {
        method: 'POST',
        json: { applicationId: c.applicationId, templateId },
      });
    const before = (await t.database.db.select().from(pad)).length;
    const refused = await start(closed.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      PAD_TEXTS.templateNotAllowed,
    );
    expect((await start('no-such-template')).status).toBe(404);
    expect((await start('../etc')).status).toBe(400);
    const notRunnable = await start(sqlOnly.id);
    expect(notRunnable.status).toBe(400);
    expect(((await notRunnable.json()) as { message: string }).message).toBe(
      PAD_TEXTS.templateNotRunnable,
    );
    expect((await t.database.db.select().from(pad)).length).toBe(before);
  });
});

describe('reading a pad', () => {
  it('opens for its people, read-only for admins, and for nobody else', async () => {
    const read = (as: TestUser | null) => call(as, `/api/pads/${padId}`);
    const candidate = (await (await read(c.candidate)).json()) as Pad;
    expect(candidate).toMatchObject({ access: 'edit', team: false });
    expect(((await (await read(c.recruiter)).json()) as Pad).access).toBe('edit');
    expect(((await (await read(c.admin)).json()) as Pad).access).toBe('read');
    expect((await read(c.otherCandidate)).status).toBe(404);
    expect((await read(c.otherCompany)).status).toBe(403);
    expect((await read(null)).status).toBe(401);
  });
});

describe('notes', () => {
  it('the team writes and reads them; the candidate gets none through any route', async () => {
    const secret = 'Struggled with recursion — probe further';
    const added = await call(c.interviewer, `/api/pads/${padId}/notes`, {
      method: 'POST',
      json: { text: secret },
    });
    expect(added.status).toBe(201);
    const note = (await added.json()) as PadNote;
    expect(
      (await call(c.admin, `/api/pads/${padId}/notes`, { method: 'POST', json: { text: 'x' } }))
        .status,
    ).toBe(403);
    const listed = (await (
      await call(c.recruiter, `/api/pads/${padId}/notes`)
    ).json()) as PadNote[];
    expect(listed.map((n) => [n.text, n.authorName])).toEqual([[secret, 'Ivan Interviewer']]);
    // The recruiter may read but not change another's note.
    expect(
      (
        await call(c.recruiter, `/api/pads/${padId}/notes/${note.id}`, {
          method: 'PUT',
          json: { text: 'changed' },
        })
      ).status,
    ).toBe(404);
    const changed = await call(c.interviewer, `/api/pads/${padId}/notes/${note.id}`, {
      method: 'PUT',
      json: { text: `${secret}!` },
    });
    expect(((await changed.json()) as PadNote).text).toBe(`${secret}!`);

    for (const path of ['notes', 'replay', '']) {
      const res = await call(c.candidate, `/api/pads/${padId}/${path}`.replace(/\/$/, ''));
      expect(await res.text()).not.toContain('Struggled');
    }
    expect((await call(c.candidate, `/api/pads/${padId}/notes`)).status).toBe(403);
    expect((await call(c.otherCandidate, `/api/pads/${padId}/notes`)).status).toBe(404);
    const exported = await call(c.candidate, '/api/account/export');
    expect(await exported.text()).not.toContain('Struggled');

    const deleted = await call(c.interviewer, `/api/pads/${padId}/notes/${note.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    expect(await t.database.db.select().from(padNote).where(eq(padNote.padId, padId))).toEqual([]);
  });
});

describe('the document in the database', () => {
  it('appends an edit in one statement: its seq claimed and the update stored together', async () => {
    const doc = await loadDoc(t.database.db, padId);
    const before = Y.encodeStateVector(doc);
    doc.getMap<Y.Text>('files').get('README.md')!.insert(0, 'x');
    const update = Y.encodeStateAsUpdate(doc, before);
    let seq: number | null = null;
    const sent = await countStatements(t.database).during(async () => {
      seq = await appendUpdate(t.database.db, padId, update, c.interviewer.id);
    });
    expect(sent).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(padUpdate)
      .where(and(eq(padUpdate.padId, padId), eq(padUpdate.seq, seq!)));
    expect(row!.authorId).toBe(c.interviewer.id);
    expect([...row!.data]).toEqual([...update]);
  });

  it('appends updates with their author and compacts them into the snapshot, keeping the rows', async () => {
    const doc = await loadDoc(t.database.db, padId);
    const before = Y.encodeStateVector(doc);
    for (let i = 0; i < 5; i++) doc.getMap<Y.Text>('files').get('README.md')!.insert(0, `${i}`);
    const update = Y.encodeStateAsUpdate(doc, before);
    expect(await appendUpdate(t.database.db, padId, update, c.candidate.id)).toBeGreaterThan(1);
    expect(await compact(t.database.db, padId, 1)).toBe(true);
    const [row] = await t.database.db.select().from(pad).where(eq(pad.id, padId));
    expect(row!.snapshotSeq).toBe(row!.lastSeq);
    const rows = await t.database.db.select().from(padUpdate).where(eq(padUpdate.padId, padId));
    expect(rows.at(-1)!.authorId).toBe(c.candidate.id);
    const reopened = await loadDoc(t.database.db, padId);
    expect(reopened.getMap<Y.Text>('files').get('README.md')!.toString().startsWith('43210')).toBe(
      true,
    );
  });
});

describe('runs', () => {
  it('either person runs the files as they are; one run at a time; the result is kept', async () => {
    let release!: () => void;
    const seen: string[][] = [];
    const runner = async (files: { path: string }[]) => {
      seen.push(files.map((f) => f.path));
      await new Promise<void>((r) => {
        release = r;
      });
      return {
        status: 'passed' as const,
        passed: 3,
        failed: 0,
        skipped: 0,
        failures: [],
        output: 'ok 3',
        durationMs: 1,
      };
    };
    t.padRuns.useRunner(runner);
    const deps = { db: t.database.db, bus: t.bus, mailer: t.mailer };
    const candidate = {
      id: c.candidate.id,
      name: c.candidate.name,
      email: c.candidate.email,
      role: 'candidate' as const,
    };
    expect((await startRun(deps, candidate, padId)).status).toBe('queued');
    await expect(startRun(deps, candidate, padId)).rejects.toMatchObject({
      status: 409,
      message: PAD_TEXTS.runUnderWay,
    });
    while (!release) await new Promise((r) => setTimeout(r, 5));
    // Running: still one at a time.
    expect((await call(c.interviewer, `/api/pads/${padId}/runs`, { method: 'POST' })).status).toBe(
      409,
    );
    release();
    const listRuns = async () =>
      (await (await call(c.interviewer, `/api/pads/${padId}/runs`)).json()) as {
        status: string;
        output: string;
        passed: number;
      }[];
    await eventually(async () =>
      expect((await listRuns())[0]).toMatchObject({ status: 'done', output: 'ok 3', passed: 3 }),
    );
    expect(seen[0]).toContain('README.md');
    const admin = {
      id: c.admin.id,
      name: c.admin.name,
      email: c.admin.email,
      role: 'admin' as const,
    };
    await expect(startRun(deps, admin, padId)).rejects.toMatchObject({ status: 403 });
    expect((await t.database.db.select().from(padRun)).length).toBe(1);
  });
});

describe('ending', () => {
  it('the candidate cannot end it; an interviewer does, and the pad refuses updates after', async () => {
    expect((await call(c.candidate, `/api/pads/${padId}/end`, { method: 'POST' })).status).toBe(
      403,
    );
    const res = await call(c.interviewer, `/api/pads/${padId}/end`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()) as Pad).toMatchObject({ status: 'ended', access: 'read' });
    const doc = await loadDoc(t.database.db, padId);
    const before = Y.encodeStateVector(doc);
    doc.getMap<Y.Text>('files').get('README.md')!.insert(0, 'late');
    expect(
      await appendUpdate(t.database.db, padId, Y.encodeStateAsUpdate(doc, before), c.candidate.id),
    ).toBeNull();
    expect((await call(c.interviewer, `/api/pads/${padId}/runs`, { method: 'POST' })).status).toBe(
      409,
    );
  });

  it('the replay holds every update with its author and time, from the starter files on', async () => {
    expect((await call(c.candidate, `/api/pads/${padId}/replay`)).status).toBe(403);
    const replay = (await (
      await call(c.recruiter, `/api/pads/${padId}/replay`)
    ).json()) as PadReplay;
    expect(replay.updates[0]).toMatchObject({ seq: 1, authorId: c.interviewer.id });
    const doc = new Y.Doc();
    for (const u of replay.updates) Y.applyUpdate(doc, Buffer.from(u.update, 'base64'));
    expect(doc.getMap<Y.Text>('files').get('README.md')!.toString().startsWith('43210')).toBe(true);
    expect(replay.runs).toHaveLength(1);
  });
});
