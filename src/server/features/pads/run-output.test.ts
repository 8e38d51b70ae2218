import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { PadRun } from '../../../domain/pads';
import { padRun } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { type EventBus, postgresBus } from '../../realtime/event-bus';
import { toolchainMissing } from '../../sandbox/languages';
import { detectSandbox, type RunOutcome } from '../../sandbox/runner';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { type PadRunner, PadRunQueue, sandboxPadRunner } from './pads.service';
import {
  castOfAnInterview,
  eventually,
  freshPad,
  listenOn,
  type PadCast,
  PadClient,
} from './pads-fixture';
import { OutputBatcher, type OutputPiece, splitForBus } from './run-output';

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

async function joined(padId: string, as: TestUser) {
  const made = new PadClient(host, padId, as);
  clients.push(made);
  expect(await made.connect()).toBe(true);
  await eventually(() => expect(made.text('README.md')).toBeDefined());
  return made;
}

/** The output pieces a person heard, joined, and whether they heard the run finish. */
const streamed = (person: PadClient) =>
  person.notices
    .filter((n) => n.type === 'output')
    .map((n) => n.text)
    .join('');
const finished = (person: PadClient) =>
  person.notices.some((n) => n.type === 'run' && (n.run as PadRun).status === 'done');

/**
 * Runs the pad's runs in the given mode while `body` runs: the web server's own worker
 * (RUNNER_MODE=server), or a runner of its own beside a web server that only queues
 * (separate), which on PostgreSQL speaks to the web server through its own LISTEN/NOTIFY bus.
 */
async function inMode(
  mode: 'server' | 'separate',
  runner: PadRunner | null,
  body: () => Promise<void>,
) {
  const separate = mode === 'separate';
  if (separate) await t.padRuns.stop();
  const bus: EventBus =
    separate && t.database.url ? await postgresBus(t.database.url, createLogger('silent')) : t.bus;
  const queue = separate
    ? new PadRunQueue({ db: t.database.db, bus, logger: createLogger('silent') })
    : t.padRuns;
  // biome-ignore lint/correctness/useHookAtTopLevel: the queue's method, not a React hook
  queue.useRunner(runner ?? sandboxPadRunner);
  if (separate) queue.start();
  try {
    await body();
  } finally {
    if (separate) {
      await queue.stop();
      if (bus !== t.bus) await bus.close();
      t.padRuns.start();
    }
  }
}

const passed = (output: string): RunOutcome => ({
  status: 'passed',
  passed: 1,
  failed: 0,
  skipped: 0,
  failures: [],
  output,
  durationMs: 1,
});

describe.each(['server', 'separate'] as const)('run output streams (RUNNER_MODE=%s)', (mode) => {
  it('a run that prints, waits and prints again reaches both people with its first part before it ends', async () => {
    const padId = await newPad();
    const interviewer = await joined(padId, c.interviewer);
    const candidate = await joined(padId, c.candidate);
    let goOn!: () => void;
    const waiting = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    // The program: it prints, waits until both have seen that, and prints again.
    const runner: PadRunner = async (_files, _language, onOutput) => {
      onOutput(Buffer.from('FIRST\n'));
      await waiting;
      onOutput(Buffer.from('SECOND\n'));
      return passed('FIRST\nSECOND\n');
    };
    await inMode(mode, runner, async () => {
      const asked = await t.request(`/api/pads/${padId}/runs`, {
        method: 'POST',
        as: c.candidate,
      });
      expect(asked.status).toBe(202);
      for (const person of [interviewer, candidate]) {
        await eventually(() => expect(streamed(person)).toBe('FIRST\n'));
        expect(finished(person)).toBe(false);
      }
      goOn();
      for (const person of [interviewer, candidate]) {
        await eventually(() => expect(finished(person)).toBe(true));
        expect(streamed(person)).toBe('FIRST\nSECOND\n');
      }
    });
    const [row] = await t.database.db.select().from(padRun).where(eq(padRun.padId, padId));
    expect(row).toMatchObject({ status: 'done', output: 'FIRST\nSECOND\n' });
  });

  it.skipIf(!detectSandbox().available)(
    'in the sandbox: a program’s first line reaches both people while it sleeps',
    async () => {
      const padId = await newPad();
      const interviewer = await joined(padId, c.interviewer);
      const candidate = await joined(padId, c.candidate);
      const test = interviewer.doc.getMap<Y.Text>('files').get('cart.test.js')!;
      interviewer.doc.transact(() => {
        test.delete(0, test.length);
        test.insert(
          0,
          "import test from 'node:test';\n" +
            "test('prints twice', async () => {\n  console.log('FIRST');\n" +
            '  await new Promise((r) => setTimeout(r, 2000));\n' +
            "  console.log('SECOND');\n});\n",
        );
      });
      await eventually(() => expect(candidate.text('cart.test.js')).toContain('SECOND'));
      await inMode(mode, null, async () => {
        const asked = await t.request(`/api/pads/${padId}/runs`, {
          method: 'POST',
          as: c.interviewer,
        });
        expect(asked.status).toBe(202);
        for (const person of [interviewer, candidate]) {
          await eventually(() => expect(streamed(person)).toContain('FIRST'), 20_000);
          expect(streamed(person)).not.toContain('SECOND');
          expect(finished(person)).toBe(false);
        }
        for (const person of [interviewer, candidate]) {
          await eventually(() => expect(finished(person)).toBe(true), 30_000);
        }
      });
      const [row] = await t.database.db.select().from(padRun).where(eq(padRun.padId, padId));
      expect(row?.status).toBe('done');
      // The stored output is the whole of it: what streamed, then the verdict's note.
      for (const person of [interviewer, candidate]) {
        expect(streamed(person)).toContain('SECOND');
        expect(row?.output.startsWith(streamed(person))).toBe(true);
      }
    },
    60_000,
  );
});

/** A test that prints, sleeps and prints again, in place of each starter project's test file. */
const PRINTS_TWICE = {
  python: {
    path: 'test_fees.py',
    content:
      'import time\n\n\ndef test_prints_twice():\n    print("FIRST")\n    time.sleep(2)\n    print("SECOND")\n',
  },
  go: {
    path: 'slug_test.go',
    content:
      'package blog\n\nimport (\n\t"fmt"\n\t"testing"\n\t"time"\n)\n\n' +
      'func TestPrintsTwice(t *testing.T) {\n\tfmt.Println("FIRST")\n\ttime.Sleep(2 * time.Second)\n\tfmt.Println("SECOND")\n}\n',
  },
  java: {
    path: 'InvoiceTest.java',
    content:
      'import org.junit.jupiter.api.Test;\n\nclass InvoiceTest {\n    @Test\n    void printsTwice() throws Exception {\n' +
      '        System.out.println("FIRST");\n        Thread.sleep(2000);\n        System.out.println("SECOND");\n    }\n}\n',
  },
} as const;

describe('a pad’s run in Python, Go and Java streams as it prints', () => {
  // pytest, go test and JUnit each hold output back unless told otherwise (a buffered pipe,
  // pytest's capture, test2json's JSON): the first line must come while the test sleeps.
  for (const language of ['python', 'go', 'java'] as const) {
    it.skipIf(!detectSandbox().available || toolchainMissing(language) !== null)(
      `${language}: a test’s first line reaches the pad before the run ends, and stays in the stored output`,
      async () => {
        const padId = await freshPad(t, c, language);
        const interviewer = await joined(padId, c.interviewer);
        const candidate = await joined(padId, c.candidate);
        const { path, content } = PRINTS_TWICE[language];
        const file = interviewer.doc.getMap<Y.Text>('files').get(path)!;
        interviewer.doc.transact(() => {
          file.delete(0, file.length);
          file.insert(0, content);
        });
        await eventually(() => expect(candidate.text(path)).toContain('SECOND'));
        await inMode('server', null, async () => {
          const asked = await t.request(`/api/pads/${padId}/runs`, {
            method: 'POST',
            as: c.interviewer,
          });
          expect(asked.status).toBe(202);
          await eventually(() => expect(streamed(candidate)).toContain('FIRST'), 60_000);
          expect(streamed(candidate)).not.toContain('SECOND');
          expect(finished(candidate)).toBe(false);
          await eventually(() => expect(finished(candidate)).toBe(true), 60_000);
        });
        const [row] = await t.database.db.select().from(padRun).where(eq(padRun.padId, padId));
        expect(row).toMatchObject({ status: 'done', passed: 1, failed: 0 });
        expect(streamed(candidate)).toContain('SECOND');
        expect(row?.output.startsWith(streamed(candidate))).toBe(true);
        // A pad never has a reference project: its output does not say so after every run.
        expect(row?.output).not.toContain('no reference project');
        // go test's lines as go test -v prints them, not test2json's JSON.
        if (language === 'go') {
          expect(row?.output).toContain('--- PASS: TestPrintsTwice');
          expect(row?.output).not.toContain('"Action"');
        }
      },
      120_000,
    );
  }
});

describe('output pieces', () => {
  it('a noisy program’s output goes out in a few pieces that join to the whole, split characters kept whole', async () => {
    const sent: OutputPiece[] = [];
    const batcher = new OutputBatcher(async (piece) => {
      sent.push(piece);
    });
    const euro = Buffer.from('€');
    const line = Buffer.concat([Buffer.from('x'.repeat(99)), euro]);
    for (let i = 0; i < 200; i++) {
      // Every line's € arrives in two chunks.
      batcher.push(line.subarray(0, 100));
      batcher.push(line.subarray(100));
    }
    await batcher.end();
    const whole = `${'x'.repeat(99)}€`.repeat(200);
    expect(sent.map((p) => p.text).join('')).toBe(whole);
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((200 * 102) / 4096) + 1);
    let offset = 0;
    for (const piece of sent) {
      expect(piece.offset).toBe(offset);
      offset += piece.text.length;
    }
  });

  it('a piece that JSON-escapes past a NOTIFY payload is split', () => {
    const text = '\u0001'.repeat(4000);
    const pieces = splitForBus(text);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(Buffer.byteLength(JSON.stringify(piece))).toBeLessThanOrEqual(6000);
    }
  });
});
