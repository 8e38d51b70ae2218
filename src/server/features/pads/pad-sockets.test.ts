import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { REALTIME_SESSION_ENDED } from '../../../domain/api';
import { PAD_CLOSE, PAD_LIMITS, PAD_TEXTS, type Pad, type PadRun } from '../../../domain/pads';
import { PATH_TEXTS } from '../../../domain/project-paths';
import { padPresence, padRun, padUpdate } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { memoryBus } from '../../realtime/event-bus';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../../test/harness';
import { PadRunQueue, PadSockets } from './pads.service';
import {
  castOfAnInterview,
  eventually,
  freshPad,
  listenOn,
  type PadCast,
  PadClient,
} from './pads-fixture';
import { NOT_TAKEN } from './runs';

let t: TestApp;
let c: PadCast;
let host: string;
let stop: () => Promise<unknown>;
const clients: PadClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  c = await castOfAnInterview(t);
  ({ host, close: stop } = await listenOn(t));
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await stop?.();
  await t?.close();
});

const newPad = () => freshPad(t, c);

function client(padId: string, as: TestUser | null, at = host) {
  const made = new PadClient(at, padId, as);
  clients.push(made);
  return made;
}

/** A client that has opened the pad and holds its files. */
async function joined(padId: string, as: TestUser, at = host) {
  const made = client(padId, as, at);
  expect(await made.connect()).toBe(true);
  await eventually(() => expect(made.text('README.md')).toBeDefined());
  return made;
}

describe('who may connect', () => {
  it('refuses anyone signed out, another interview’s candidate and another company', async () => {
    const padId = await newPad();
    expect(await client(padId, null).connect()).toBe(false);
    expect(await client(padId, c.otherCandidate).connect()).toBe(false);
    expect(await client(padId, c.otherCompany).connect()).toBe(false);
  });

  it('lets an admin watch, but refuses an admin’s edits', async () => {
    const padId = await newPad();
    const admin = await joined(padId, c.admin);
    expect(admin.notices[0]).toMatchObject({ type: 'status', access: 'read' });
    const rows = async () =>
      (await t.database.db.select().from(padUpdate).where(eq(padUpdate.padId, padId))).length;
    const before = await rows();
    admin.type('README.md', 0, 'admin was here');
    await eventually(() =>
      expect(admin.notices).toContainEqual({ type: 'error', message: PAD_TEXTS.readOnly }),
    );
    expect(await rows()).toBe(before);
  });
});

describe('editing together', () => {
  it('two people typing at once end with the same text, cursors named by the server', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    candidate.awareness.setLocalStateField('user', { name: 'Someone Else', color: '#f00' });
    for (let i = 0; i < 20; i++) {
      interviewer.type('README.md', 0, 'i');
      candidate.type('README.md', 0, 'c');
    }
    await eventually(() => {
      expect(candidate.text('README.md')).toBe(interviewer.text('README.md'));
      expect(interviewer.text('README.md')!.slice(0, 40).split('').sort().join('')).toBe(
        'c'.repeat(20) + 'i'.repeat(20),
      );
    });
    const shown = await eventually(() => {
      const names = [...interviewer.awareness.getStates().values()].map(
        (s) => (s.user as { name: string } | undefined)?.name,
      );
      expect(names).toContain(c.candidate.name);
      return names;
    });
    expect(shown).not.toContain('Someone Else');
    // A reload shows the current text.
    const reloaded = await joined(padId, c.candidate);
    await eventually(() => expect(reloaded.text('README.md')).toBe(interviewer.text('README.md')));
  });

  it('one who was offline keeps their edits and both converge on reconnecting', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    candidate.disconnect();
    await eventually(() => expect(candidate.closed).toBeDefined());
    candidate.type('README.md', 0, 'OFFLINE ');
    interviewer.type('README.md', 0, 'ONLINE ');
    expect(candidate.text('README.md')).not.toContain('ONLINE');
    expect(await candidate.connect()).toBe(true);
    await eventually(() => {
      expect(interviewer.text('README.md')).toContain('OFFLINE');
      expect(candidate.text('README.md')).toContain('ONLINE');
      expect(candidate.text('README.md')).toBe(interviewer.text('README.md'));
    });
  });
});

describe('the file tree', () => {
  const filesOf = (x: PadClient) => x.doc.getMap<Y.Text>('files');

  it('a file created, renamed and deleted by one person is so for the other at once', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    filesOf(candidate).set('src/util.js', new Y.Text('export const one = 1;\n'));
    await eventually(() => expect(interviewer.text('src/util.js')).toBe('export const one = 1;\n'));
    interviewer.doc.transact(() => {
      filesOf(interviewer).set('lib/util.js', new Y.Text(interviewer.text('src/util.js')));
      filesOf(interviewer).delete('src/util.js');
    });
    await eventually(() => {
      expect(candidate.text('lib/util.js')).toBe('export const one = 1;\n');
      expect(candidate.text('src/util.js')).toBeUndefined();
    });
    filesOf(candidate).delete('lib/util.js');
    await eventually(() => expect(interviewer.text('lib/util.js')).toBeUndefined());
    const pad = (await (await t.request(`/api/pads/${padId}`, { as: c.recruiter })).json()) as Pad;
    expect(pad.files.map((f) => f.path)).not.toContain('lib/util.js');
    expect(candidate.closed).toBeUndefined();
  });

  it('refuses a path the workspace’s rules refuse, saying why, and stores nothing', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    const rows = async () =>
      (await t.database.db.select().from(padUpdate).where(eq(padUpdate.padId, padId))).length;
    const before = await rows();
    filesOf(candidate).set('../escape.js', new Y.Text('x'));
    await eventually(() =>
      expect(candidate.closed).toEqual({
        code: PAD_CLOSE.fileRefused,
        reason: PAD_TEXTS.fileRefused,
      }),
    );
    expect(candidate.notices).toContainEqual({ type: 'error', message: PATH_TEXTS.dotSegment });
    const clash = await joined(padId, c.candidate);
    filesOf(clash).set('readme.md', new Y.Text('x'));
    await eventually(() => expect(clash.closed?.code).toBe(PAD_CLOSE.fileRefused));
    expect(clash.notices).toContainEqual({
      type: 'error',
      message: PATH_TEXTS.caseClash('README.md'),
    });
    expect(await rows()).toBe(before);
    expect(interviewer.text('../escape.js')).toBeUndefined();
    expect(interviewer.text('readme.md')).toBeUndefined();
  });

  it('a.py and A.py created at once on two servers: the one stored first wins, the other is refused', async () => {
    // A second server on the same database that hears nothing from the first (no shared bus):
    // its copy of the pad never learns of a.py, so only the stored pad can refuse A.py.
    const lagging = new PadSockets({
      db: t.database.db,
      bus: memoryBus(),
      logger: createLogger('silent'),
      hub: t.hub,
    });
    const other = await listenOn({ ...t, pads: lagging });
    try {
      const padId = await newPad();
      const interviewer = await joined(padId, c.interviewer);
      const candidate = await joined(padId, c.candidate, other.host);
      filesOf(interviewer).set('a.py', new Y.Text('one'));
      await eventually(async () => expect(await storedPaths(padId)).toContain('a.py'));
      expect(candidate.text('a.py')).toBeUndefined();
      filesOf(candidate).set('A.py', new Y.Text('two'));
      await eventually(() => expect(candidate.closed?.code).toBe(PAD_CLOSE.fileRefused));
      expect(candidate.notices).toContainEqual({
        type: 'error',
        message: PATH_TEXTS.caseClash('a.py'),
      });
      const stored = await storedPaths(padId);
      expect(stored).toContain('a.py');
      expect(stored).not.toContain('A.py');
      expect(interviewer.closed).toBeUndefined();
    } finally {
      await other.close();
      await lagging.close();
    }
  });
});

/** The pad's file paths as stored (what a reload or a run sees). */
async function storedPaths(padId: string) {
  const pad = (await (await t.request(`/api/pads/${padId}`, { as: c.recruiter })).json()) as Pad;
  return pad.files.map((f) => f.path);
}

describe('what the candidate’s socket carries', () => {
  it('never a note; a run’s result reaches everyone in the pad', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    const noted = await t.request(`/api/pads/${padId}/notes`, {
      method: 'POST',
      as: c.interviewer,
      json: { text: 'SECRET-NOTE weak on tests' },
    });
    expect(noted.status).toBe(201);
    t.padRuns.useRunner(async () => ({
      status: 'passed' as const,
      passed: 2,
      failed: 0,
      skipped: 0,
      failures: [],
      output: 'RUN-OUTPUT',
      durationMs: 1,
    }));
    const asked = await t.request(`/api/pads/${padId}/runs`, { method: 'POST', as: c.candidate });
    expect(asked.status).toBe(202);
    for (const person of [interviewer, candidate]) {
      await eventually(() =>
        expect(person.notices).toContainEqual(
          expect.objectContaining({
            type: 'run',
            run: expect.objectContaining({ output: 'RUN-OUTPUT' }),
          }),
        ),
      );
    }
    expect(candidate.raw.join('\n')).not.toContain('SECRET-NOTE');
  });
});

describe('runs on a separate runner (RUNNER_MODE=separate)', () => {
  it('the web server only queues; a runner process takes the run and everyone hears each step', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    // A web server in separate mode claims no runs: its own worker is not running.
    await t.padRuns.stop();
    const runner = new PadRunQueue({
      db: t.database.db,
      bus: t.bus,
      logger: createLogger('silent'),
      pollMs: 50,
    });
    const seen: string[][] = [];
    runner.useRunner(async (files, language) => {
      seen.push([language, ...files.map((f) => f.path)]);
      return {
        status: 'passed',
        passed: 1,
        failed: 0,
        skipped: 0,
        failures: [],
        output: 'FROM-THE-RUNNER',
        durationMs: 1,
      };
    });
    try {
      const asked = await t.request(`/api/pads/${padId}/runs`, {
        method: 'POST',
        as: c.interviewer,
      });
      expect(asked.status).toBe(202);
      expect(((await asked.json()) as PadRun).status).toBe('queued');
      const [queued] = await t.database.db.select().from(padRun).where(eq(padRun.padId, padId));
      expect(queued).toMatchObject({ status: 'queued', workerId: null });
      runner.start();
      for (const person of [interviewer, candidate]) {
        await eventually(() => {
          const statuses = person.notices
            .filter((n) => n.type === 'run')
            .map((n) => (n.run as PadRun).status);
          expect(statuses).toEqual(expect.arrayContaining(['queued', 'running', 'done']));
        });
        expect(person.notices).toContainEqual(
          expect.objectContaining({
            run: expect.objectContaining({ status: 'done', output: 'FROM-THE-RUNNER' }),
          }),
        );
      }
      expect(seen).toEqual([['node', 'cart.js', 'cart.test.js', 'package.json', 'README.md']]);
      const [done] = await t.database.db.select().from(padRun).where(eq(padRun.padId, padId));
      expect(done).toMatchObject({ status: 'done', workerId: runner.workerId, passed: 1 });
    } finally {
      await runner.stop();
      t.padRuns.start();
    }
  });
});

describe('runs no runner takes', () => {
  it('a run queued long ago with no runner to take it no longer blocks Run', async () => {
    const padId = await newPad();
    await t.padRuns.stop();
    try {
      await t.database.db.insert(padRun).values({
        id: `stale-${padId}`,
        padId,
        status: 'queued',
        createdAt: new Date(Date.now() - 10 * 60_000),
      });
      const asked = await t.request(`/api/pads/${padId}/runs`, {
        method: 'POST',
        as: c.candidate,
      });
      expect(asked.status).toBe(202);
      const [stale] = await t.database.db
        .select()
        .from(padRun)
        .where(eq(padRun.id, `stale-${padId}`));
      expect(stale).toMatchObject({ status: 'failed', output: NOT_TAKEN });
    } finally {
      t.padRuns.start();
    }
  });
});

describe('limits', () => {
  it('too many messages close the socket with a clear reason', async () => {
    const padId = await newPad();
    const candidate = await joined(padId, c.candidate);
    for (let i = 0; i <= PAD_LIMITS.messagesPerWindow; i++) candidate.type('README.md', 0, 'x');
    await eventually(() =>
      expect(candidate.closed).toEqual({ code: PAD_CLOSE.tooFast, reason: PAD_TEXTS.tooFast }),
    );
  });

  it('a document past 2 MB is refused', async () => {
    const padId = await newPad();
    const candidate = await joined(padId, c.candidate);
    candidate.type('README.md', 0, 'y'.repeat(PAD_LIMITS.documentBytes));
    await eventually(() =>
      expect(candidate.closed).toEqual({ code: PAD_CLOSE.tooLarge, reason: PAD_TEXTS.tooLarge }),
    );
    const fresh = await joined(padId, c.interviewer);
    expect(fresh.text('README.md')!.length).toBeLessThan(PAD_LIMITS.documentBytes);
  });

  it('an eleventh person is turned away', async () => {
    const padId = await newPad();
    const people = [c.candidate, c.interviewer, c.recruiter];
    while (people.length < PAD_LIMITS.people) people.push(await t.createUser('admin'));
    for (const person of people) await joined(padId, person);
    const late = client(padId, await t.createUser('admin'));
    await late.connect();
    await eventually(() =>
      expect(late.closed).toEqual({
        code: PAD_CLOSE.tooManyPeople,
        reason: PAD_TEXTS.tooManyPeople,
      }),
    );
  });
});

describe('ending the interview', () => {
  it('makes the pad read-only for everyone connected', async () => {
    const padId = await newPad();
    const candidate = await joined(padId, c.candidate);
    const ended = await t.request(`/api/pads/${padId}/end`, { method: 'POST', as: c.recruiter });
    expect(ended.status).toBe(200);
    await eventually(() =>
      expect(candidate.notices).toContainEqual({ type: 'status', status: 'ended', access: 'read' }),
    );
    candidate.type('README.md', 0, 'too late');
    await eventually(() =>
      expect(candidate.notices).toContainEqual({ type: 'error', message: PAD_TEXTS.readOnly }),
    );
    const pad = (await (await t.request(`/api/pads/${padId}`, { as: c.recruiter })).json()) as Pad;
    expect(pad.files.find((f) => f.path === 'README.md')!.content).not.toContain('too late');
  });
});

describe('sessions', () => {
  it('a pad socket closes when its session ends (sign-out)', async () => {
    const padId = await newPad();
    const watcher = await joined(padId, c.candidate);
    // Another person's session: the candidate signs in again in a second browser.
    const cookie = await t.signIn(c.candidate.email, c.candidate.password);
    const second = await joined(padId, { ...c.candidate, cookie });
    const out = await t.request('/api/auth/sign-out', {
      method: 'POST',
      as: { ...c.candidate, cookie },
      json: {},
    });
    expect(out.status).toBe(200);
    await eventually(() => expect(second.closed?.code).toBe(REALTIME_SESSION_ENDED));
    expect(watcher.closed).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  it('count the people of a pad together: the eleventh is turned away on either server', async () => {
    const second = await secondServer(t);
    const other = await listenOn(second);
    try {
      const padId = await newPad();
      const people = [c.candidate, c.interviewer, c.recruiter];
      while (people.length < PAD_LIMITS.people) people.push(await t.createUser('admin'));
      // Half on each server.
      const inPad: PadClient[] = [];
      for (const [i, person] of people.entries()) {
        inPad.push(await joined(padId, person, i % 2 === 0 ? host : other.host));
      }
      const rows = await t.database.db
        .select()
        .from(padPresence)
        .where(eq(padPresence.padId, padId));
      expect(new Set(rows.map((r) => r.serverId)).size).toBe(2);
      for (const at of [host, other.host]) {
        const late = client(padId, await t.createUser('admin'), at);
        await late.connect();
        await eventually(() =>
          expect(late.closed).toEqual({
            code: PAD_CLOSE.tooManyPeople,
            reason: PAD_TEXTS.tooManyPeople,
          }),
        );
      }
      // A second tab of someone already in is no new person.
      const again = await joined(padId, c.candidate, other.host);
      expect(again.closed).toBeUndefined();
      // One leaves on the second server: a seat frees for someone on the first.
      inPad[1]!.disconnect();
      await eventually(async () => {
        const left = await t.database.db
          .select()
          .from(padPresence)
          .where(eq(padPresence.padId, padId));
        expect(left.map((r) => r.userId)).not.toContain(people[1]!.id);
      });
      const late = await joined(padId, await t.createUser('admin'), host);
      expect(late.closed).toBeUndefined();
    } finally {
      for (const x of clients) x.disconnect();
      await other.close();
      await second.close();
    }
  });

  it('a.py on one server and A.py on the other at the same moment: exactly one is stored', async () => {
    const second = await secondServer(t);
    const other = await listenOn(second);
    try {
      const padId = await newPad();
      const interviewer = await joined(padId, c.interviewer);
      const candidate = await joined(padId, c.candidate, other.host);
      const files = (x: PadClient) => x.doc.getMap<Y.Text>('files');
      files(interviewer).set('a.py', new Y.Text('one'));
      files(candidate).set('A.py', new Y.Text('two'));
      await eventually(() =>
        expect([interviewer, candidate].filter((x) => x.closed).length).toBe(1),
      );
      const refused = interviewer.closed ? interviewer : candidate;
      expect(refused.closed?.code).toBe(PAD_CLOSE.fileRefused);
      const stored = await storedPaths(padId);
      const kept = stored.filter((p) => p === 'a.py' || p === 'A.py');
      expect(kept).toHaveLength(1);
      expect(refused.notices).toContainEqual({
        type: 'error',
        message: PATH_TEXTS.caseClash(kept[0]!),
      });
    } finally {
      for (const x of clients) x.disconnect();
      await other.close();
      await second.close();
    }
  });

  it('people on different servers edit the same pad and converge', async () => {
    const second = await secondServer(t);
    const other = await listenOn(second);
    try {
      const padId = await newPad();
      const interviewer = await joined(padId, c.interviewer);
      const candidate = await joined(padId, c.candidate, other.host);
      candidate.awareness.setLocalStateField('user', { color: '#0a0' });
      interviewer.type('README.md', 0, 'from-one ');
      candidate.type('README.md', 0, 'from-two ');
      await eventually(() => {
        expect(candidate.text('README.md')).toContain('from-one');
        expect(interviewer.text('README.md')).toContain('from-two');
        expect(candidate.text('README.md')).toBe(interviewer.text('README.md'));
      });
      await eventually(() => {
        const names = [...interviewer.awareness.getStates().values()].map(
          (s) => (s.user as { name: string } | undefined)?.name,
        );
        expect(names).toContain(c.candidate.name);
      });
    } finally {
      for (const x of clients) x.disconnect();
      await other.close();
      await second.close();
    }
  });
});
