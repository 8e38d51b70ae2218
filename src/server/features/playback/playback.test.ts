import { EditorState } from '@codemirror/state';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import {
  type ChangeSetJson,
  MAX_FILE_RECORDING_BYTES,
  PLAYBACK_TEXTS,
  type PlaybackEvent,
  type RecordedEvent,
  replayAll,
} from '../../../domain/playback';
import { playbackBatch, playbackFile, testRun } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;
let templateId: string;
const FILE = 'auth.service.ts';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Other Recruiter' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Backend',
      roleName: 'Backend',
      durationHours: 2,
      tasks: [],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in assertions
type Json = Record<string, any>;

async function started(candidate = candA): Promise<string> {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: recA,
    json: { templateId, candidateId: candidate.id, dueDate: defaultDueDate() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = await res.json();
  expect(
    (await t.request(`/api/assessments/${id}/start`, { method: 'POST', as: candidate })).status,
  ).toBe(200);
  return id;
}

const saveFile = (id: string, content: string, editedAt: number, as = candA) =>
  t.request(`/api/assessments/${id}/files/${FILE}`, {
    method: 'PUT',
    as,
    json: { content, editedAt },
  });
const upload = (id: string, body: unknown, as: TestUser | null = candA, file = FILE) =>
  t.request(`/api/assessments/${id}/playback/${encodeURIComponent(file)}`, {
    method: 'POST',
    as,
    json: body,
  });
const read = (id: string, as: TestUser | null, file = FILE) =>
  t.request(`/api/assessments/${id}/playback/${encodeURIComponent(file)}`, { as });

/** An editing session the way the browser records it: an open snapshot, then changes. */
function session(start: string, base = Date.now()) {
  let state = EditorState.create({ doc: start });
  let seq = 0;
  const events: RecordedEvent[] = [{ s: ++seq, t: 0, k: 's', x: start, r: 'open' }];
  const recorded = {
    base,
    events,
    type(at: number, insert: string, opts: { paste?: boolean } = {}) {
      const tr = state.update({ changes: { from: state.doc.length, insert } });
      state = tr.state;
      events.push({
        s: ++seq,
        t: at,
        k: 'c',
        c: tr.changes.toJSON() as ChangeSetJson,
        ...(opts.paste ? { m: 'paste' as const } : {}),
      });
    },
    away(at: number) {
      events.push({ s: ++seq, t: at, k: 'a', w: 'window' });
    },
    get text() {
      return state.doc.toString();
    },
    body(editedAt: number | null, list: RecordedEvent[] = events) {
      return { sentAt: Date.now(), editedAt, chunks: [{ clientId: 'tab1', base, events: list }] };
    },
  };
  return recorded;
}

async function filesOf(id: string) {
  const res = await t.request(`/api/assessments/${id}/files`, { as: candA });
  return (await res.json()) as Json[];
}

describe('recording a file', () => {
  it('stores the events, skips them on a retry, and replays to the saved file', async () => {
    const id = await started();
    const start = (await filesOf(id)).find((f) => f.fileName === FILE)!.content as string;
    const s = session(start);
    s.type(100, '\n// a');
    s.type(250, 'b');
    s.away(300);
    s.type(5000, '\nconst pasted = 1;', { paste: true });
    expect((await saveFile(id, s.text, 1000)).status).toBe(200);

    const first = await upload(id, s.body(1000));
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({ stored: 5, duplicates: 0, resynced: false });
    // The same upload again (a retry after a lost answer): nothing stored twice.
    const again = await upload(id, s.body(1000));
    expect(await again.json()).toMatchObject({ stored: 0, duplicates: 5 });

    const res = await read(id, recA);
    expect(res.status).toBe(200);
    const playback = (await res.json()) as Json;
    expect(playback.events).toHaveLength(5);
    expect(playback.events.filter((e: Json) => e.m === 'paste')).toHaveLength(1);
    expect(playback.events.filter((e: Json) => e.k === 'a')).toHaveLength(1);
    expect(replayAll(playback.events)).toBe(s.text);
    expect(playback.savedText).toBe(s.text);
    // Times on the server's clock, in order.
    const ats = playback.events.map((e: Json) => e.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(Math.abs(ats[0] - s.base)).toBeLessThan(5000);
    // Admins read it too.
    expect((await read(id, admin)).status).toBe(200);
  });

  it('resyncs to the saved text when the record does not lead to it (events lost)', async () => {
    const id = await started();
    const s = session('x');
    s.type(10, 'y');
    s.type(20, 'z');
    // The browser lost event 2: event 3 no longer fits and is left out.
    const lossy = s.events.filter((e) => e.s !== 2);
    expect((await saveFile(id, s.text, 2000)).status).toBe(200);
    const res = await upload(id, s.body(2000, lossy));
    expect(await res.json()).toMatchObject({ stored: 1, dropped: 1, resynced: true });
    const playback = (await (await read(id, recA)).json()) as Json;
    expect(playback.events.at(-1)).toMatchObject({ k: 's', r: 'resync', x: 'xyz' });
    expect(replayAll(playback.events)).toBe('xyz');
    const [file] = await t.database.db
      .select()
      .from(playbackFile)
      .where(and(eq(playbackFile.assessmentId, id), eq(playbackFile.fileName, FILE)));
    expect(file?.head).toBe('xyz');
  });

  it('does not check against a file saved with another edit time', async () => {
    const id = await started();
    const s = session('a');
    s.type(10, 'b');
    expect((await saveFile(id, 'something newer', 5000)).status).toBe(200);
    const res = await upload(id, s.body(4000));
    expect(await res.json()).toMatchObject({ stored: 2, resynced: false });
  });

  it('compresses batches worth compressing', async () => {
    const id = await started();
    const s = session('start\n'.repeat(200));
    for (let i = 0; i < 100; i++) s.type(i * 150, 'x');
    await saveFile(id, s.text, 3000);
    expect((await upload(id, s.body(3000))).status).toBe(200);
    const [batch] = await t.database.db
      .select()
      .from(playbackBatch)
      .where(eq(playbackBatch.assessmentId, id));
    expect(batch?.encoding).toBe('deflate');
    expect(batch!.storedBytes).toBeLessThan(batch!.rawBytes / 2);
    const playback = (await (await read(id, recA)).json()) as Json;
    expect(replayAll(playback.events)).toBe(s.text);
  });
});

describe('who may write and read', () => {
  it('only the candidate writes; recruiters, other candidates and signed-out callers cannot', async () => {
    const id = await started();
    const s = session('a');
    for (const who of [recA, admin, candB]) {
      const res = await upload(id, s.body(null), who);
      expect(res.status, who.role).toBe(403);
    }
    expect((await upload(id, s.body(null), null)).status).toBe(401);
    expect(
      await t.database.db.select().from(playbackBatch).where(eq(playbackBatch.assessmentId, id)),
    ).toHaveLength(0);
  });

  it('only the assigning recruiter and admins read; the candidate and others get 403', async () => {
    const id = await started();
    expect((await read(id, candA)).status).toBe(403);
    expect((await (await read(id, candA)).json()).message).toBe(PLAYBACK_TEXTS.onlyReviewers);
    expect((await read(id, recB)).status).toBe(403);
    expect((await read(id, candB)).status).toBe(403);
    expect((await read(id, null)).status).toBe(401);
    expect((await read('assessment_missing', recA)).status).toBe(404);
    expect((await read(id, recA, 'no-such-file.ts')).status).toBe(404);
    expect((await upload(id, session('a').body(null), candA, 'no-such-file.ts')).status).toBe(404);
  });

  it('is refused after submission', async () => {
    const id = await started();
    const s = session('a');
    expect((await upload(id, s.body(null))).status).toBe(200);
    expect(
      (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: candA })).status,
    ).toBe(200);
    s.type(10, 'late');
    const res = await upload(id, s.body(null));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/submitted/);
    const playback = (await (await read(id, recA)).json()) as Json;
    expect(playback.events).toHaveLength(1);
  });
});

describe('validation and caps', () => {
  it('answers malformed uploads with a 400 naming the problem, storing nothing', async () => {
    const id = await started();
    const base = { sentAt: Date.now(), editedAt: null };
    const bad: [unknown, RegExp][] = [
      [{ ...base, chunks: [] }, /chunks/],
      [
        {
          ...base,
          chunks: [{ clientId: 'c', base: 1, events: [{ s: 1, t: 0, k: 'c', c: [['x']] }] }],
        },
        /events/,
      ],
      [
        {
          ...base,
          chunks: [{ clientId: 'c', base: 1, events: [{ s: 1, t: 0, k: 'c', c: [[1, 2]] }] }],
        },
        /change set/,
      ],
      [
        {
          ...base,
          chunks: [{ clientId: 'bad id!', base: 1, events: [{ s: 1, t: 0, k: 'a', w: 'tab' }] }],
        },
        /id/,
      ],
      [
        {
          ...base,
          chunks: [
            {
              clientId: 'c',
              base: 1,
              events: [
                { s: 2, t: 0, k: 'a', w: 'tab' },
                { s: 1, t: 0, k: 'b', w: 'tab' },
              ],
            },
          ],
        },
        /increasing/,
      ],
      [
        {
          ...base,
          chunks: [{ clientId: 'c', base: 1, events: [{ s: 1, t: -1, k: 'a', w: 'tab' }] }],
        },
        /t/,
      ],
      ['not json at all', /./],
    ];
    for (const [body, message] of bad) {
      const res = await upload(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    expect(
      await t.database.db.select().from(playbackBatch).where(eq(playbackBatch.assessmentId, id)),
    ).toHaveLength(0);
  });

  it('refuses a batch over 200,000 characters with a 413', async () => {
    const id = await started();
    const big = 'y'.repeat(60_000);
    const events: RecordedEvent[] = [1, 2, 3, 4].map((s) => ({
      s,
      t: s,
      k: 's',
      x: big,
      r: 'open',
    }));
    const res = await upload(id, {
      sentAt: Date.now(),
      editedAt: null,
      chunks: [{ clientId: 'c', base: 1, events }],
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(PLAYBACK_TEXTS.batchTooLarge);
  });

  it('refuses more once the file recording is full, and the file itself still saves', async () => {
    const id = await started();
    expect((await upload(id, session('a').body(null))).status).toBe(200);
    await t.database.db
      .update(playbackFile)
      .set({ storedBytes: MAX_FILE_RECORDING_BYTES })
      .where(eq(playbackFile.assessmentId, id));
    const s = session('a');
    s.type(5, 'b');
    const res = await upload(id, s.body(null, s.events.slice(1)));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(PLAYBACK_TEXTS.recordingFull);
    expect((await saveFile(id, 'ab', 10)).status).toBe(200);
  });
});

describe('the reviewer gets the test runs', () => {
  it('lists the assessment runs with their times', async () => {
    const id = await started();
    expect((await upload(id, session('a').body(null))).status).toBe(200);
    const createdAt = new Date();
    await t.database.db.insert(testRun).values({
      id: `run-${id}`,
      assessmentId: id,
      requestedById: candA.id,
      requestedByName: 'Casey',
      trigger: 'candidate',
      status: 'failed',
      passed: 2,
      failed: 1,
      createdAt,
    });
    const playback = (await (await read(id, recA)).json()) as Json;
    expect(playback.testRuns).toEqual([
      {
        id: `run-${id}`,
        at: createdAt.getTime(),
        trigger: 'candidate',
        status: 'failed',
        passed: 2,
        failed: 1,
      },
    ]);
  });
});

describe('event times (issue 25)', () => {
  const batches = async (id: string) =>
    t.database.db.select().from(playbackBatch).where(eq(playbackBatch.assessmentId, id));

  it('refuses an event dated in the future, says so, and stores nothing', async () => {
    const id = await started();
    const start = (await filesOf(id)).find((f) => f.fileName === FILE)!.content as string;
    const day = 24 * 3600 * 1000;
    const s = session(start, Date.now() + day);
    s.type(100, 'x');
    const res = await upload(id, s.body(null));
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.message).toBe(PLAYBACK_TEXTS.eventInFuture);
    expect(body.issues[0].path).toEqual(['chunks', 0, 'events', 0, 't']);
    expect(await batches(id)).toHaveLength(0);

    // One late event among good ones refuses the whole upload too.
    const ok = session(start);
    ok.type(100, 'y');
    ok.type(3 * 60_000, 'z');
    const late = await upload(id, ok.body(null));
    expect(late.status).toBe(400);
    expect(((await late.json()) as Json).issues[0].path).toEqual(['chunks', 0, 'events', 2, 't']);
    expect(await batches(id)).toHaveLength(0);
  });

  it('refuses an event dated before the assessment started, and stores nothing', async () => {
    const id = await started();
    const start = (await filesOf(id)).find((f) => f.fileName === FILE)!.content as string;
    const s = session(start, Date.now() - 3600_000);
    s.type(100, 'x');
    const res = await upload(id, s.body(null));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).message).toBe(PLAYBACK_TEXTS.eventBeforeStart);
    expect(await batches(id)).toHaveLength(0);
  });

  it('takes a browser clock that is off, a little ahead within the allowance, and old events sent late', async () => {
    const id = await started();
    const start = (await filesOf(id)).find((f) => f.fileName === FILE)!.content as string;
    // The browser's clock runs an hour behind: its sentAt says so, the skew corrects it.
    const behind = Date.now() - 3600_000;
    const s = session(start, behind + 1000);
    s.type(100, 'x');
    const slow = await upload(id, { ...s.body(null), sentAt: behind + 2000 });
    expect(slow.status, await slow.clone().text()).toBe(200);
    // An event a minute after the send (clock jitter, a slow request): within 2 minutes.
    const ahead = session(start);
    ahead.type(60_000, 'y');
    const res = await upload(id, {
      ...ahead.body(null),
      chunks: [{ clientId: 'tab2', base: ahead.base, events: ahead.events }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('numbers the page sessions for the reviewer, in the order they began', async () => {
    const id = await started();
    const start = (await filesOf(id)).find((f) => f.fileName === FILE)!.content as string;
    const first = session(start);
    first.type(100, 'a');
    expect((await upload(id, first.body(null))).status).toBe(200);
    const second = session(first.text, Date.now());
    second.type(100, 'b');
    const body = {
      ...second.body(null),
      chunks: [{ clientId: 'tab-after-reload', base: second.base, events: second.events }],
    };
    expect((await upload(id, body)).status).toBe(200);
    const events = ((await (await read(id, recA)).json()) as Json).events as Json[];
    expect(events.map((e) => e.p)).toEqual([1, 1, 2, 2]);
  });
});

describe("a file's history across its creates, renames and deletes (issue 24)", () => {
  const change = (id: string, json: Json) =>
    t.request(`/api/assessments/${id}/file-changes`, { method: 'POST', as: candA, json });

  it('reads a renamed file under every name it had, with the changes on its timeline in order', async () => {
    const id = await started();
    const t0 = Date.now() - 60_000;
    expect((await change(id, { op: 'create', path: 'src/a.ts', editedAt: t0 })).status).toBe(200);
    // Typed while it was src/a.ts...
    const first = session('', t0 + 10);
    first.type(10, 'one');
    expect((await upload(id, first.body(null), candA, 'src/a.ts')).status).toBe(200);
    const renamed = await change(id, {
      op: 'rename',
      path: 'src/a.ts',
      to: 'src/b.ts',
      editedAt: t0 + 1000,
    });
    expect(renamed.status).toBe(200);
    // ...then as src/b.ts (the editor opens it again under its new name)...
    const second = session('one', t0 + 1010);
    second.type(10, ' two');
    expect((await upload(id, second.body(null), candA, 'src/b.ts')).status).toBe(200);
    // ...then its folder renamed: lib/b.ts.
    expect(
      (await change(id, { op: 'rename', path: 'src', to: 'lib', editedAt: t0 + 2000 })).status,
    ).toBe(200);
    const third = session('one two', t0 + 2010);
    third.type(10, ' three');
    expect((await upload(id, third.body(null), candA, 'lib/b.ts')).status).toBe(200);
    // A new file at the first name later: none of its typing is lib/b.ts's, nor the reverse.
    expect((await change(id, { op: 'create', path: 'src/a.ts', editedAt: t0 + 3000 })).status).toBe(
      200,
    );
    const other = session('', t0 + 3010);
    other.type(10, 'other');
    // Another page load (the browser numbers events per file and page load).
    const later = {
      ...other.body(null),
      chunks: [{ ...other.body(null).chunks[0]!, clientId: 'tab2' }],
    };
    expect((await upload(id, later, candA, 'src/a.ts')).status).toBe(200);

    const res = await read(id, recA, 'lib/b.ts');
    expect(res.status).toBe(200);
    const events = ((await res.json()) as Json).events as Json[];
    expect(
      events.map((e) => (e.k === 'f' ? `${e.op} ${e.path} ${e.to ?? ''}`.trim() : e.k)),
    ).toEqual([
      'create src/a.ts',
      's',
      'c',
      'rename src/a.ts src/b.ts',
      's',
      'c',
      'rename src/b.ts lib/b.ts',
      's',
      'c',
    ]);
    expect(events[6]!.folder).toEqual({ path: 'src', to: 'lib' });
    expect(replayAll(events as PlaybackEvent[])).toBe('one two three');

    const newer = ((await (await read(id, recA, 'src/a.ts')).json()) as Json).events as Json[];
    expect(newer.map((e) => (e.k === 'f' ? e.op : e.k))).toEqual(['create', 's', 'c']);
    expect(replayAll(newer as PlaybackEvent[])).toBe('other');

    // Read through the names, never rewritten: the first typing is still stored as src/a.ts.
    const stored = await t.database.db
      .select({ fileName: playbackBatch.fileName })
      .from(playbackBatch)
      .where(eq(playbackBatch.assessmentId, id));
    expect(stored.map((b) => b.fileName).sort()).toEqual([
      'lib/b.ts',
      'src/a.ts',
      'src/a.ts',
      'src/b.ts',
    ]);
  });

  it('a deleted file ends deleted, and an undo brings its text back', async () => {
    const id = await started();
    const t0 = Date.now() - 60_000;
    expect((await change(id, { op: 'create', path: 'gone.ts', editedAt: t0 })).status).toBe(200);
    const s = session('', t0 + 10);
    s.type(10, 'kept');
    expect((await upload(id, s.body(null), candA, 'gone.ts')).status).toBe(200);
    expect((await change(id, { op: 'delete', path: 'gone.ts', editedAt: t0 + 1000 })).status).toBe(
      200,
    );
    let events = ((await (await read(id, recA, 'gone.ts')).json()) as Json).events as Json[];
    expect(events.map((e) => (e.k === 'f' ? e.op : e.k))).toEqual(['create', 's', 'c', 'delete']);
    expect(replayAll(events as PlaybackEvent[])).toBe('');
    expect(
      (
        await change(id, {
          op: 'create',
          path: 'gone.ts',
          content: 'kept',
          editedAt: t0 + 2000,
        })
      ).status,
    ).toBe(200);
    events = ((await (await read(id, recA, 'gone.ts')).json()) as Json).events as Json[];
    expect(events.at(-1)).toMatchObject({ k: 'f', op: 'create', x: 'kept' });
    expect(replayAll(events as PlaybackEvent[])).toBe('kept');
  });
});
