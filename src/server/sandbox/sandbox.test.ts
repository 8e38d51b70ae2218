import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  detectSandbox,
  runInSandbox,
  SANDBOX_UID,
  type SandboxFile,
} from './runner';

const sandbox = detectSandbox();
if (!sandbox.available) {
  // Visible in the test output: these tests need bubblewrap (CI installs it).
  console.warn(`SKIPPED sandbox escape tests: ${sandbox.reason}`);
}

/** Shorter wall clock than production so the suite stays quick; the mechanism is the same. */
const LIMITS = { ...DEFAULT_LIMITS, wallMs: 6_000 };

const test = (body: string): SandboxFile[] => [
  {
    path: 'escape.test.js',
    content: `const test = require('node:test');\nconst assert = require('node:assert');\nconst fs = require('node:fs');\n${body}`,
  },
];

/**
 * Processes of the sandbox uid, after giving the last ones up to 8 s to be reaped
 * (another test file's sandboxed run may be going on at the same time).
 */
async function leftoverProcesses(): Promise<string[]> {
  for (let i = 0; i < 80; i++) {
    if (sandboxProcesses().length === 0) return [];
    await new Promise((r) => setTimeout(r, 100));
  }
  return sandboxProcesses();
}

function sandboxProcesses(): string[] {
  try {
    return execFileSync('pgrep', ['-u', String(SANDBOX_UID), '-l'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe.skipIf(!sandbox.available)('sandboxed test runs', () => {
  it('runs a passing suite and a TypeScript one', async () => {
    const result = await runInSandbox(
      [
        { path: 'math.ts', content: 'export const double = (n: number): number => n * 2;\n' },
        {
          path: 'math.test.ts',
          content:
            "import test from 'node:test';\nimport assert from 'node:assert/strict';\nimport { double } from './math';\ntest('doubles', () => assert.equal(double(2), 4));\n",
        },
      ],
      LIMITS,
    );
    expect(result).toMatchObject({ status: 'passed', passed: 1, failed: 0 });
  });

  it('reports failures with their messages', async () => {
    const result = await runInSandbox(
      test("test('adds', () => assert.strictEqual(1 + 1, 3, 'one plus one'));"),
      LIMITS,
    );
    expect(result.status).toBe('failed');
    expect(result.failed).toBe(1);
    expect(result.failures[0]).toMatchObject({ name: 'adds' });
    expect(result.failures[0]?.message).toContain('one plus one');
  });

  it('survives a fork bomb: the run ends and leaves no process behind', async () => {
    const started = Date.now();
    const result = await runInSandbox(
      test(`test('bomb', () => {
  const cp = require('node:child_process');
  cp.spawnSync('/bin/sh', ['-c', 'bomb() { bomb | bomb & }; bomb; sleep 30'], { timeout: 60000 });
  for (let i = 0; i < 500; i++) { try { cp.spawn('/bin/sleep', ['30']); } catch {} }
});`),
      LIMITS,
    );
    expect(['timeout', 'failed', 'error']).toContain(result.status);
    expect(Date.now() - started).toBeLessThan(LIMITS.wallMs + 8_000);
    expect(await leftoverProcesses()).toEqual([]);
  });

  it('stops an infinite loop with the timeout status', async () => {
    const started = Date.now();
    const result = await runInSandbox(test("test('spin', () => { for (;;) {} });"), LIMITS);
    expect(result.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(LIMITS.wallMs + 5_000);
    expect(await leftoverProcesses()).toEqual([]);
  });

  it('stops a memory hog with the out-of-memory status', async () => {
    const result = await runInSandbox(
      test(`test('hog', () => {
  const keep = [];
  for (;;) keep.push(Buffer.alloc(16 * 1024 * 1024, 1), 'x'.repeat(1024 * 1024) + keep.length);
});`),
      LIMITS,
    );
    expect(result.status).toBe('out-of-memory');
  });

  describe('network', () => {
    let server: Server;
    let port = 0;
    beforeAll(async () => {
      server = createServer((socket) => socket.end('reached the host\n'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("cannot reach the host's loopback or resolve names", async () => {
      const result = await runInSandbox(
        test(`test('connect', async () => {
  const net = require('node:net');
  const outcome = await new Promise((resolve) => {
    const s = net.connect(${port}, '127.0.0.1');
    s.on('data', () => resolve('connected'));
    s.on('error', (e) => resolve(e.code));
    setTimeout(() => resolve('no answer'), 2000);
  });
  assert.notStrictEqual(outcome, 'connected');
  await assert.rejects(require('node:dns').promises.lookup('example.com'));
});`),
        LIMITS,
      );
      expect(result.status).toBe('passed');
    });
  });

  it("cannot read the server's files, secrets or environment", async () => {
    process.env.TF_SANDBOX_MARKER = 'host-secret-marker';
    const sourceFile = path.resolve('package.json');
    const dataDir = path.resolve('data');
    const result = await runInSandbox(
      test(`test('read', () => {
  for (const f of ['/etc/shadow', '/etc/passwd', ${JSON.stringify(sourceFile)}, ${JSON.stringify(dataDir)}, '/root', '/work/../etc/hostname']) {
    assert.throws(() => fs.readFileSync(f), undefined, f);
  }
  const env = fs.readFileSync('/proc/1/environ', 'utf8') + fs.readFileSync('/proc/self/environ', 'utf8');
  assert.ok(!env.includes('host-secret-marker'), 'host environment visible');
  assert.ok(!env.includes('DATABASE_URL'), 'host environment visible');
  assert.deepStrictEqual(fs.readdirSync('/').sort(), ['bin', 'dev', 'lib', 'lib64', 'proc', 'tmp', 'usr', 'work'].filter((d) => fs.existsSync('/' + d)).sort());
  assert.strictEqual(process.getuid(), 65534);
});`),
      LIMITS,
    );
    delete process.env.TF_SANDBOX_MARKER;
    expect(result.failures).toEqual([]);
    expect(result.status).toBe('passed');
  });

  it('cannot write outside its tmpfs', async () => {
    const result = await runInSandbox(
      test(`test('write', () => {
  for (const f of ['/usr/owned', '/usr/lib/owned', '/owned', '/proc/owned', '/etc/owned']) {
    assert.throws(() => fs.writeFileSync(f, 'x'), undefined, f);
  }
  fs.writeFileSync('/work/fine.txt', 'ok');
  assert.strictEqual(fs.readFileSync('/work/fine.txt', 'utf8'), 'ok');
});`),
      LIMITS,
    );
    expect(result.failures).toEqual([]);
    expect(result.status).toBe('passed');
  });

  it('truncates huge output', async () => {
    const result = await runInSandbox(
      test(`test('loud', () => {
  const line = 'x'.repeat(1023) + '\\n';
  for (let i = 0; i < 4096; i++) process.stderr.write(line);
});`),
      LIMITS,
    );
    expect(result.output.length).toBeLessThan(LIMITS.outputBytes + 200);
    expect(result.output).toContain('[output truncated');
  });
});
