import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DefaultSerializer } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressSpaceBytes,
  DEFAULT_LIMITS,
  detectSandbox,
  limitMode,
  outerCommand,
  runInSandbox,
  runSandboxedCommand,
  SANDBOX_UID,
  type SandboxFile,
  sandboxStagingRoot,
} from './runner';
import { DENIED_SYSCALLS } from './seccomp';

const sandbox = detectSandbox();
if (!sandbox.available) {
  // Visible in the test output: these tests need bubblewrap (CI installs it).
  console.warn(`SKIPPED sandbox escape tests: ${sandbox.reason}`);
}

/** Shorter wall clock than production so the suite stays quick; the mechanism is the same. */
const LIMITS = { ...DEFAULT_LIMITS, wallMs: 6_000 };
/** For runs that only ever end on the clock (a loop, a bomb): a shorter one, same checks. */
const SHORT = { ...LIMITS, wallMs: 3_000 };

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

describe('no cgroup, no run', () => {
  it('refuses without a cgroup unless the operator overrides, and the override caps address space', () => {
    expect(limitMode('v2', false)).toBe('cgroup-v2');
    expect(limitMode('v1', false)).toBe('cgroup-v1');
    expect(limitMode('none', false)).toBeNull();
    expect(limitMode('none', true)).toBe('no-cgroup-override');
    const without = outerCommand(DEFAULT_LIMITS, 'no-cgroup-override');
    expect(without).toContain(`--as=${addressSpaceBytes(DEFAULT_LIMITS)}`);
    expect(outerCommand(DEFAULT_LIMITS, 'cgroup-v1').some((a) => a.startsWith('--as='))).toBe(
      false,
    );
  });
});

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
      SHORT,
    );
    expect(['timeout', 'failed', 'error']).toContain(result.status);
    expect(Date.now() - started).toBeLessThan(SHORT.wallMs + 8_000);
    expect(await leftoverProcesses()).toEqual([]);
  });

  it('stops an infinite loop with the timeout status', async () => {
    const started = Date.now();
    const result = await runInSandbox(test("test('spin', () => { for (;;) {} });"), SHORT);
    expect(result.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(SHORT.wallMs + 5_000);
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
  // Test processes are not dumpable: their own /proc files are root's; either way no host variable.
  const read = (f) => { try { return fs.readFileSync(f, 'utf8'); } catch { return ''; } };
  const env = read('/proc/1/environ') + read('/proc/self/environ') + JSON.stringify(process.env);
  assert.ok(!env.includes('host-secret-marker'), 'host environment visible');
  assert.ok(!env.includes('DATABASE_URL'), 'host environment visible');
  const root = fs.readdirSync('/').filter((d) => !['lib', 'lib64', 'bin', 'usr', 'grader'].includes(d)).sort();
  assert.deepStrictEqual(root, ['dev', 'proc', 'tmp', 'work']);
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
  for (const f of ['/usr/owned', '/usr/lib/owned', '/owned', '/proc/owned', '/etc/owned', '/work/owned', '/work/escape.test.js', '/dev/owned']) {
    assert.throws(() => fs.writeFileSync(f, 'x'), undefined, f);
  }
  assert.throws(() => fs.chmodSync('/work/escape.test.js', 0o666));
  assert.throws(() => fs.unlinkSync('/work/escape.test.js'));
  assert.strictEqual(process.cwd(), '/work');
  fs.writeFileSync('/tmp/fine.txt', 'ok');
  assert.strictEqual(fs.readFileSync('/tmp/fine.txt', 'utf8'), 'ok');
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

const CART = {
  path: 'cart.js',
  content: 'exports.total = (items) => items.reduce((s, i) => s + i, 0);\n',
};
/** Hidden tests of the cart: one the candidate's code passes, one it fails (a control). */
const HIDDEN = {
  path: 'cart.hidden.test.js',
  hidden: true,
  content: `const test = require('node:test');
const assert = require('node:assert');
const { total } = require('./cart');
test('adds', () => assert.strictEqual(total([1, 2]), 3));
test('ignores negatives', () => assert.strictEqual(total([1, -2]), 1));
`,
};
const withCart = (content: string) => ({ ...CART, content: `${content}\n${CART.content}` });

/**
 * Frames of node's test-runner protocol (a child's report to the runner on its
 * stdout), as candidate code can print them: one passing test per name.
 */
function forgedFrames(names: string[]): string {
  const header = new DefaultSerializer();
  header.writeHeader();
  const headerLength = header.releaseBuffer().length;
  const frames = names.map((name, i) => {
    const s = new DefaultSerializer();
    s.writeHeader();
    s.writeRawBytes(Buffer.alloc(4));
    s.writeHeader();
    s.writeValue({
      type: 'test:pass',
      data: { name, nesting: 0, testNumber: 100 + i, details: { duration_ms: 1 } },
    });
    const frame = s.releaseBuffer();
    frame.writeUInt32BE(frame.length - (4 + headerLength), headerLength);
    return frame;
  });
  return Buffer.concat(frames).toString('base64');
}

describe.skipIf(!sandbox.available)('grading the candidate cannot rig', () => {
  it('the control: honest code gets 1 passed, 1 failed in the hidden pass', async () => {
    const result = await runInSandbox([CART, HIDDEN], LIMITS);
    expect(result).toMatchObject({ status: 'failed', passed: 1, failed: 1 });
    expect(result.failures[0]?.name).toBe('ignores negatives');
  });

  it('forged passing frames printed by candidate code add no passes', async () => {
    const names = [
      ...Array.from({ length: 25 }, (_, i) => `forged ${i}`),
      'ignores negatives',
      'adds',
    ];
    const attack = withCart(
      `process.stdout.write(Buffer.from('${forgedFrames(names)}', 'base64'));`,
    );
    const visible = {
      path: 'cart.test.js',
      content: `const test = require('node:test');
const { total } = require('./cart');
test('visible sum', () => require('node:assert').strictEqual(total([2, 2]), 4));
`,
    };
    const reference = [CART, HIDDEN, visible];
    const result = await runInSandbox([attack, HIDDEN, visible], LIMITS, { reference });
    // The control's 1 passed / 1 failed in the hidden pass, plus the visible test: nothing more.
    expect(result).toMatchObject({ status: 'failed', passed: 2, failed: 1 });
    expect(result.failures.map((f) => f.name)).toContain('ignores negatives');
    expect(result.output).toMatch(/matched none of the template's 2 tests and were not counted/);
    // Forged frames in a passing project's run do not add passes either.
    const honest = withCart('');
    honest.content = honest.content.replace('s + i', 's + Math.max(0, i)');
    const forgedPassing = {
      ...honest,
      content: `${attack.content.split('\n')[0]}\n${honest.content}`,
    };
    const passing = await runInSandbox([forgedPassing, HIDDEN, visible], LIMITS, { reference });
    expect(passing).toMatchObject({ status: 'passed', passed: 3, failed: 0 });
  });

  it('counts a test with subtests as one of the template tests, and a test that never reported as failed', async () => {
    const withSubtests = {
      path: 'sub.hidden.test.js',
      hidden: true,
      content: `const test = require('node:test');
const { total } = require('./cart');
test('parent', async (t) => {
  await t.test('one', () => {});
  await t.test('two', () => {});
});
test('plain', () => {});
`,
    };
    const reference = [CART, withSubtests];
    const result = await runInSandbox([CART, withSubtests], LIMITS, { reference });
    expect(result).toMatchObject({ status: 'passed', passed: 2, failed: 0 });
    // The candidate's cart ends the process early: the tests it cuts off count as failed.
    const quitter = withCart('setTimeout(() => process.exit(0), 0);');
    const cut = {
      ...withSubtests,
      content: withSubtests.content.replace(
        "test('plain', () => {});",
        "test('plain', () => new Promise((r) => setTimeout(r, 500)));",
      ),
    };
    const early = await runInSandbox([quitter, cut], LIMITS, { reference: [CART, cut] });
    expect(early.status).toBe('failed');
    expect(early.passed + early.failed + early.skipped).toBe(2);
    expect(early.failed).toBeGreaterThanOrEqual(1);
  });

  it('candidate code cannot rewrite, replace or chmod a hidden test', async () => {
    const attack = withCart(`const fs = require('node:fs');
const target = __dirname + '/cart.hidden.test.js';
const forged = "require('node:test')('adds', () => {}); require('node:test')('ignores negatives', () => {});";
for (const act of [() => fs.writeFileSync(target, forged), () => fs.unlinkSync(target), () => fs.renameSync(target, '/tmp/x'), () => fs.chmodSync(target, 0o666), () => fs.writeFileSync('/tmp/cart.hidden.test.js', forged)]) { try { act(); } catch {} }`);
    // Also from a visible test of the same submit run, which runs first.
    const visible = {
      path: 'cart.test.js',
      content: `const fs = require('node:fs');
require('node:test')('visible', () => { try { fs.writeFileSync(__dirname + '/cart.hidden.test.js', 'process.exit(0)'); } catch {} });`,
    };
    const result = await runInSandbox([attack, HIDDEN, visible], LIMITS);
    expect(result).toMatchObject({ status: 'failed', passed: 2, failed: 1 });
  });

  it("candidate code cannot reach the test runner's report (its parent's fds or memory)", async () => {
    const attack = withCart(`const fs = require('node:fs');
const junit = '<testsuites>' + '<testcase name="forged"/>'.repeat(25) + '</testsuites>\\n';
for (const f of ['/proc/' + process.ppid + '/fd/1', '/proc/' + process.ppid + '/fd/2', '/proc/' + process.ppid + '/mem']) {
  try { fs.writeFileSync(f, junit); console.error('WROTE ' + f); } catch (e) { console.error('refused ' + f + ' ' + e.code); }
}
try { fs.readlinkSync('/proc/' + process.ppid + '/fd/1'); console.error('READ parent fd'); } catch (e) { console.error('refused fd list ' + e.code); }`);
    const result = await runInSandbox([attack, HIDDEN], LIMITS, { reference: [CART, HIDDEN] });
    expect(result.output).not.toMatch(/WROTE|READ parent/);
    expect(result.output).toMatch(/refused \/proc\/\d+\/fd\/1 EACCES/);
    expect(result).toMatchObject({ status: 'failed', passed: 1, failed: 1 });
  });

  it('candidate code cannot patch node:assert or node:test, or exit 0 before the tests ran', async () => {
    for (const patch of [
      "require('node:assert').strictEqual = () => {};",
      "Object.defineProperty(require('node:assert'), 'strictEqual', { value: () => {} });",
      "require('node:test').test = (name) => {};",
      'process.exit(0);',
      'process.reallyExit(0);',
      "process.exitCode = 1; process.on('exit', () => { process.exitCode = 0; });",
      "require('node:inspector');",
      "import('node:inspector').then(() => console.error('INSPECTOR'));",
    ]) {
      const result = await runInSandbox([withCart(`try { ${patch} } catch {}`), HIDDEN], LIMITS, {
        reference: [CART, HIDDEN],
      });
      expect(result.status, patch).toBe('failed');
      expect(result.passed, patch).toBeLessThanOrEqual(1);
      expect(result.output).not.toContain('INSPECTOR');
    }
  }, 60_000);

  it('printing the out-of-memory text does not change a passing verdict', async () => {
    const result = await runInSandbox(
      test(`test('loud', () => {
  console.error('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  process.stdout.write('<testcase name="forged"><failure message="x"/></testcase>');
});`),
      LIMITS,
    );
    expect(result.status).toBe('passed');
  });

  it('a compile bomb ends the run on its clock with "compilation took too long"', async () => {
    const started = Date.now();
    const result = await runInSandbox(
      [
        { path: 'bomb.ts', content: `export const f = ${'(x) => '.repeat(1500)}0;\n` },
        { path: 'bomb.test.ts', content: "import './bomb';\n" },
      ],
      LIMITS,
    );
    expect(result.status).toBe('timeout');
    expect(result.output).toContain('compilation took too long');
    expect(Date.now() - started).toBeLessThan(LIMITS.wallMs + 5_000);
    expect(await leftoverProcesses()).toEqual([]);
  });

  it('/dev/shm and /tmp are small', async () => {
    const result = await runInSandbox(
      test(`test('fill', () => {
  const mb = Buffer.alloc(1024 * 1024, 1);
  for (const dir of ['/dev/shm', '/tmp']) {
    assert.throws(() => { for (let i = 0; i < 64; i++) fs.appendFileSync(dir + '/fill', mb); }, /ENOSPC|EFBIG/, dir);
  }
});`),
      LIMITS,
    );
    expect(result.failures).toEqual([]);
    expect(result.status).toBe('passed');
  });

  it('sees no compiler, no python, no DATA_DIR and no host path in /proc/1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tf-data-'));
    writeFileSync(path.join(dataDir, 'pg_control'), 'secret-wal-marker');
    try {
      const result = await runInSandbox(
        test(`test('look', () => {
  for (const f of ['/usr/bin/gcc', '/usr/bin/python3', '/usr/bin/perl', '/bin/sh', ${JSON.stringify(dataDir)}, ${JSON.stringify(path.join(dataDir, 'pg_control'))}]) {
    assert.ok(!fs.existsSync(f), f);
  }
  const cmdline = fs.readFileSync('/proc/1/cmdline', 'utf8');
  for (const host of [${JSON.stringify(process.cwd())}, ${JSON.stringify(sandboxStagingRoot())}, ${JSON.stringify(dataDir)}]) {
    assert.ok(!cmdline.includes(host), 'cmdline shows ' + host);
    let cwd = ''; try { cwd = fs.readlinkSync('/proc/1/cwd'); } catch {}
    assert.ok(cwd === '' || cwd === '/' || !cwd.startsWith(host), 'cwd shows ' + cwd);
  }
});`),
        LIMITS,
      );
      expect(result.failures).toEqual([]);
      expect(result.status).toBe('passed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const hasPythonSeccomp = existsSync('/usr/lib/python3/dist-packages') && sandbox.available;

describe.skipIf(!hasPythonSeccomp)('the seccomp filter', () => {
  it('refuses every listed syscall (also aimed at the parent) and allows the rest', async () => {
    // python3 calls each syscall directly (ctypes); a run never sees python, this probe binds /usr for it.
    const probe = `
import ctypes, errno, os, seccomp, json
libc = ctypes.CDLL(None, use_errno=True)
ppid = os.getppid()
out = {}
def call(name, *args):
    try:
        nr = seccomp.resolve_syscall(seccomp.Arch.NATIVE, name)
    except Exception:
        return 'unknown'
    if nr < 0:
        return 'unknown'
    ctypes.set_errno(0)
    r = libc.syscall(nr, *[ctypes.c_long(a) for a in args])
    return 'ok' if r >= 0 else errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))
names = ${JSON.stringify(DENIED_SYSCALLS)}
for name in names:
    out[name] = call(name, 0, 0, 0, 0, 0, 0)
out['ptrace attach parent'] = call('ptrace', 16, ppid, 0, 0)
pidfd = libc.syscall(seccomp.resolve_syscall(seccomp.Arch.NATIVE, 'pidfd_open'), ppid, 0)
out['pidfd_getfd of parent stdout'] = call('pidfd_getfd', pidfd, 1, 0)
out['clone new user namespace'] = call('clone', 0x10000000 | 17, 0, 0, 0, 0)
out['getpid'] = call('getpid')
print(json.dumps(out))
`;
    const result = await runSandboxedCommand(
      ['/usr/bin/python3', '-I', '-c', probe],
      ['--ro-bind', '/usr', '/usr'],
      LIMITS,
    );
    const seen = JSON.parse(result.stdout.trim()) as Record<string, string>;
    expect(seen.getpid).toBe('ok');
    for (const [name, outcome] of Object.entries(seen)) {
      if (name === 'getpid' || outcome === 'unknown') continue;
      expect(outcome, name).toBe('EPERM');
    }
    for (const name of [
      'ptrace',
      'pidfd_getfd',
      'process_vm_readv',
      'io_uring_setup',
      'bpf',
      'unshare',
      'mount',
    ]) {
      expect(seen[name], name).toBe('EPERM');
    }
  });
});
