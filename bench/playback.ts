/**
 * Playback storage: an hour of simulated typing in one file, recorded by the workspace's own
 * recorder (src/web/features/workspace/lib/playback-recorder.ts, fed CodeMirror transactions)
 * and stored by the server's own service (appendPlayback, with the file saved first by
 * saveFile, as the autosave does), on an embedded database of its own. Reports what an hour
 * takes in the database (the events as JSON, and compressed as stored), and how long the
 * reviewer's replay takes to seek to the end (nearest snapshot, then the changes) compared
 * with replaying everything from the start.
 *
 * The typing: lines of 15-70 characters at 70-270 ms a key, a pause of 0.8-2.4 s after a
 * line, a longer think (15-60 s) after one line in twenty, backspaces (about one key in ten) and a deleted
 * word, a paste of a few lines every ~8 minutes, the window left for a while every ~15
 * minutes. About 200 characters a minute over the hour. Deterministic (seeded).
 *
 * Environment: BENCH_PLAYBACK_MINUTES (60).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EditorSelection, EditorState, type TransactionSpec } from '@codemirror/state';
import { eq } from 'drizzle-orm';
import { toIsoDate } from '../src/domain/assessments';
import { Replay, replayAll } from '../src/domain/playback';
import { createAccount } from '../src/server/auth/users';
import { openDatabase } from '../src/server/db/client';
import { playbackFile } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import {
  assignAssessment,
  saveFile,
  startAssessment,
} from '../src/server/features/assessments/assessments.service';
import { appendPlayback, readEvents } from '../src/server/features/playback/playback.service';
import { createTemplate } from '../src/server/features/templates/templates.service';
import { AppError } from '../src/server/lib/errors';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';
import { PlaybackRecorder } from '../src/web/features/workspace/lib/playback-recorder';
import { type Metric, metric } from './lib/report';

export const stage = 'playback';
const FILE = 'auth.service.ts';

/** mulberry32: the same hour every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'const let return if else await async function password length must contain digit error throw new value user input validate rule policy check result true false'.split(
    ' ',
  );

export async function run(): Promise<{ metrics: Metric[]; details?: unknown }> {
  const minutes = Number(process.env.BENCH_PLAYBACK_MINUTES ?? 60);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'talentforge-bench-playback-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const services = await createServices(env, createLogger('silent'), { database });
  try {
    const { db } = services.database;
    const deps = { db, bus: services.bus, mailer: services.mailer, appUrl: env.APP_URL };
    const account = async (role: 'admin' | 'recruiter' | 'candidate') => {
      const email = `bench-playback-${role}@example.com`;
      const created = await createAccount(services.auth, {
        email,
        password: 'bench-password-1',
        name: `Bench ${role}`,
        role,
      });
      return { id: created.id, email, name: `Bench ${role}`, role };
    };
    const admin = await account('admin');
    const recruiter = await account('recruiter');
    const candidate = await account('candidate');
    const template = await createTemplate(
      { db, bus: services.bus, mailer: services.mailer },
      admin,
      {
        title: 'Password policy',
        roleName: 'Full Stack Developer',
        description: '',
        tasks: [{ title: 'Implement the password rule', description: '', type: 'code' }],
        // Long enough for the simulated hour however long the run takes.
        durationHours: 8,
      },
    );
    const assigned = await assignAssessment(deps, recruiter, {
      templateId: template.id,
      candidateId: candidate.id,
      dueDate: toIsoDate(new Date(Date.now() + 86_400_000)),
      message: '',
    });
    const id = assigned.id;
    await startAssessment(deps, candidate, id);
    const files = await services.database.db.query.assessment.findFirst({
      where: (a, { eq: is }) => is(a.id, id),
      columns: { project: true },
    });
    const start = files!.project.files.find((f) => f.path === FILE)!.content;

    // --- a virtual clock and timers for the recorder -------------------------------------
    const began = Date.now() - minutes * 60_000;
    let clock = began;
    let timers: { at: number; run: () => void; id: number }[] = [];
    let nextId = 0;
    let savedEditedAt: number | null = null;
    let state = EditorState.create({ doc: start });
    let uploads = 0;
    let resyncs = 0;
    let sentBytes = 0;
    const recorder = new PlaybackRecorder({
      assessmentId: id,
      storage: null,
      now: () => clock,
      timers: {
        set: (runTimer, ms) => {
          const timer = { at: clock + ms, run: runTimer, id: nextId++ };
          timers.push(timer);
          return timer.id;
        },
        clear: (handle) => {
          timers = timers.filter((t) => t.id !== handle);
        },
      },
      saveText: async () => {
        const content = state.doc.toString();
        savedEditedAt = clock;
        await saveFile(deps, candidate, id, FILE, { content, editedAt: clock });
      },
      editedAtOf: () => savedEditedAt,
      post: async (fileName, upload) => {
        uploads += 1;
        sentBytes += JSON.stringify(upload).length;
        try {
          const result = await appendPlayback(deps, candidate, id, fileName, upload, clock);
          if (result.resynced) resyncs += 1;
          return { kind: 'ok', result };
        } catch (error) {
          if (error instanceof AppError) {
            return { kind: 'failed', status: error.status, message: error.message };
          }
          throw error;
        }
      },
    });
    const advance = async (ms: number) => {
      clock += Math.round(ms);
      const due = timers.filter((t) => t.at <= clock).sort((a, b) => a.at - b.at);
      if (due.length === 0) return;
      timers = timers.filter((t) => t.at > clock);
      for (const t of due) t.run();
      await recorder.flush();
    };
    const dispatch = (spec: TransactionSpec, mark?: 'paste'): void => {
      const tr = state.update(spec);
      state = tr.state;
      if (tr.docChanged) recorder.change(FILE, tr.changes, state.doc, mark);
    };

    // --- the hour ------------------------------------------------------------------------
    const rnd = random(42);
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
    recorder.opened(FILE, state.doc);
    state = state.update({ selection: EditorSelection.cursor(state.doc.length) }).state;
    const end = began + minutes * 60_000;
    let typed = 0;
    let pastes = 0;
    let nextPaste = began + 8 * 60_000 * (0.5 + rnd());
    let nextAway = began + 15 * 60_000 * (0.5 + rnd());
    while (clock < end) {
      if (clock >= nextAway) {
        recorder.focus('a', 'window');
        await advance(30_000 + rnd() * 90_000);
        recorder.focus('b', 'window');
        nextAway = clock + 15 * 60_000 * (0.5 + rnd());
      }
      if (clock >= nextPaste) {
        const lines = Array.from({ length: 3 + Math.floor(rnd() * 8) }, () =>
          Array.from({ length: 4 + Math.floor(rnd() * 6) }, () => pick(WORDS)).join(' '),
        );
        const at = state.selection.main.head;
        const insert = `\n${lines.join('\n')}`;
        dispatch(
          { changes: { from: at, insert }, selection: { anchor: at + insert.length } },
          'paste',
        );
        pastes += 1;
        nextPaste = clock + 8 * 60_000 * (0.5 + rnd());
        await advance(2000 + rnd() * 4000);
      }
      // Sometimes go elsewhere in the file first.
      if (rnd() < 0.15) {
        const line = state.doc.line(1 + Math.floor(rnd() * state.doc.lines));
        state = state.update({ selection: EditorSelection.cursor(line.to) }).state;
      }
      const head = state.selection.main.head;
      dispatch({ changes: { from: head, insert: '\n' }, selection: { anchor: head + 1 } });
      const length = 15 + Math.floor(rnd() * 55);
      let line = '';
      while (line.length < length && clock < end) {
        const word = `${pick(WORDS)} `;
        for (const ch of word) {
          await advance(70 + rnd() * 200);
          const at = state.selection.main.head;
          if (rnd() < 0.1 && at > 0) {
            dispatch({ changes: { from: at - 1, to: at }, selection: { anchor: at - 1 } });
            await advance(100 + rnd() * 100);
          }
          const pos = state.selection.main.head;
          dispatch({ changes: { from: pos, insert: ch }, selection: { anchor: pos + 1 } });
          typed += 1;
          line += ch;
        }
        if (rnd() < 0.03) {
          // Delete the last word (Ctrl+Backspace).
          const pos = state.selection.main.head;
          const from = Math.max(0, pos - word.length);
          dispatch({ changes: { from, to: pos }, selection: { anchor: from } });
        }
      }
      await advance(800 + rnd() * 1600);
      if (rnd() < 0.05) await advance(15_000 + rnd() * 45_000);
    }
    await advance(5000);
    await recorder.flush();
    const finalText = state.doc.toString();

    // --- what it took, and what replaying it takes ---------------------------------------
    const [stored] = await db.select().from(playbackFile).where(eq(playbackFile.assessmentId, id));
    let started = performance.now();
    const events = await readEvents(db, id, FILE);
    const readMs = performance.now() - started;
    started = performance.now();
    const seekText = new Replay(events).textAt(events.length);
    const seekMs = performance.now() - started;
    started = performance.now();
    const fullText = replayAll(events);
    const fullMs = performance.now() - started;
    if (seekText !== finalText || fullText !== finalText) {
      throw new Error('the replay does not end on the typed text');
    }
    const perHour = 60 / minutes;
    const kb = (bytes: number) => Math.round((bytes / 1024) * perHour * 10) / 10;
    const snapshots = events.filter((e) => e.k === 's').length;
    const ms = (n: number) => Math.round(n * 100) / 100;
    return {
      metrics: [
        metric(stage, 'stored per hour of typing, compressed', kb(stored!.storedBytes), 'KB', {
          limit: 1024,
          kind: 'max',
        }),
        metric(stage, 'stored per hour of typing, raw JSON', kb(stored!.rawBytes), 'KB'),
        metric(stage, 'seek to the end (nearest snapshot + changes)', ms(seekMs), 'ms', {
          limit: 50,
          kind: 'max',
        }),
        metric(stage, 'replay from the start', ms(fullMs), 'ms'),
        metric(stage, 'read and decode the recording', ms(readMs), 'ms'),
      ],
      details: {
        minutes,
        charactersTyped: typed,
        charactersPerMinute: Math.round(typed / minutes),
        pastes,
        events: events.length,
        snapshots,
        batches: stored!.batches,
        uploads,
        resyncs,
        uploadedJsonBytes: sentBytes,
        finalTextChars: finalText.length,
        rawBytes: stored!.rawBytes,
        storedBytes: stored!.storedBytes,
      },
    };
  } finally {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
