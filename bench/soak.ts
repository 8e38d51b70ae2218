import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import type { Options } from 'autocannon';
import { DEFAULT_PROJECT } from '../src/domain/sample-project';
import { startBenchChild } from './lib/child';
import { failed, type LoadResult, load } from './lib/load';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';
import type { SoakServerReady, SoakUser } from './lib/soak-server';
import type { soakStats } from './lib/soak-stats';

type SoakStats = ReturnType<ReturnType<typeof soakStats>['report']>;

export const stage = 'soak';

const connections = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const sampleSeconds = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 10);
/** DESIGN budget: RSS after 10 minutes within 10 % of RSS after 2 minutes. */
const BASE_SECONDS = Number(process.env.BENCH_SOAK_BASE_SECONDS ?? Math.min(120, duration / 5));
const MAX_GROWTH = 0.1;
/**
 * Before the load and after it the server runs a full GC and reports the live heap (what a
 * leak would grow); BENCH_SOAK_SNAPSHOTS=1 also writes a V8 heap snapshot each time (into
 * HEAP_SNAPSHOT_DIR), to compare in Chrome DevTools (Memory, Comparison). Not during the
 * load: a full GC there shrinks the heap and would flatter the curve.
 */
const snapshots = process.env.BENCH_SOAK_SNAPSHOTS === '1';
const snapshotDir = process.env.HEAP_SNAPSHOT_DIR ?? tmpdir();

export interface MemorySample {
  /** Seconds since the load started (negative: before it). */
  t: number;
  rssMb: number;
  heapUsedMb: number;
  /** The V8 heap as committed (what RSS holds of it, garbage included). */
  heapTotalMb: number;
  /** The database worker's V8 heap as committed (its own isolate; not in heapTotalMb). */
  workerHeapTotalMb: number;
  /** Resident pages of the WebAssembly memory (PGlite's PostgreSQL), from /proc/PID/smaps. */
  wasmRssMb: number | null;
  /** Resident pages of malloc's heap and arenas (native code: Node, libuv, zlib, crypto). */
  mallocRssMb: number | null;
  externalMb: number;
  arrayBuffersMb: number;
  databaseMb: number;
  /** The machine's 1-minute load average: others' work shows here too. */
  load1: number;
}

const mb = (bytes: number) => Number((bytes / 1024 ** 2).toFixed(1));

/** The server's CPU time so far (user + system, all its threads), from /proc/PID/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ = 100)
}

/**
 * Where the resident pages are, from /proc/PID/smaps: the WebAssembly memory (PGlite's
 * PostgreSQL: one anonymous mapping far larger than any other, 128 MB or more), and
 * malloc's (the brk heap and its per-thread arenas, 64 MB-aligned mappings of at most
 * 64 MB). The V8 heap is counted by the server itself (heapTotal).
 */
function residentByKind(pid: number): { wasm: number; malloc: number } {
  const arena = 64 * 1024 ** 2;
  let wasm = 0;
  let malloc = 0;
  let kind: 'wasm' | 'malloc' | 'other' = 'other';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (range) {
      const start = Number.parseInt(range[1]!, 16);
      const size = Number.parseInt(range[2]!, 16) - start;
      const name = range[4]!.trim();
      kind =
        name === '[heap]' || (!name && start % arena === 0 && size <= arena)
          ? 'malloc'
          : !name && size >= 128 * 1024 ** 2
            ? 'wasm'
            : 'other';
    } else if (kind !== 'other' && line.startsWith('Rss:')) {
      const bytes = Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
      if (kind === 'wasm') wasm += bytes;
      else malloc += bytes;
    }
  }
  return { wasm, malloc };
}

/** RSS from /proc (what the kernel counts), the rest from the server's own report. */
async function sample(
  pid: number,
  bareUrl: string,
  t: number,
  detailed = true,
): Promise<MemorySample> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // smaps walks every mapping of the server: once a minute is enough.
  const resident = detailed ? residentByKind(pid) : null;
  const own = (await (await fetch(`${bareUrl}/memory`)).json()) as {
    heapUsed: number;
    heapTotal: number;
    external: number;
    arrayBuffers: number;
    databaseBytes: number;
    workerHeapTotal: number;
  };
  return {
    t: Math.round(t),
    rssMb: mb(rssKb * 1024),
    heapUsedMb: mb(own.heapUsed),
    heapTotalMb: mb(own.heapTotal),
    workerHeapTotalMb: mb(own.workerHeapTotal),
    wasmRssMb: resident ? mb(resident.wasm) : null,
    mallocRssMb: resident ? mb(resident.malloc) : null,
    externalMb: mb(own.external),
    arrayBuffersMb: mb(own.arrayBuffers),
    databaseMb: mb(own.databaseBytes),
    load1: Number(loadavg()[0]!.toFixed(2)),
  };
}

const baseContent =
  DEFAULT_PROJECT.files.find((f) => f.path === 'auth.service.ts')?.content ??
  'export const x = 1;\n';
let lastEditedAt = 0;
let sent = 0;

/**
 * What one signed-in user's tab asks for, in a loop: the page load's reads (session,
 * config, their list, unread count, the bell, conversations, the open conversation, jobs)
 * and the two frequent writes (a message; a file save for candidates).
 */
function requestsOf(user: SoakUser, origin: string) {
  const headers = { cookie: user.cookie };
  const json = { ...headers, 'content-type': 'application/json', origin };
  const get = (path: string) => ({ method: 'GET' as const, path, headers });
  const conversation = `/api/conversations/${encodeURIComponent(user.conversationId)}`;
  const list =
    user.role === 'candidate'
      ? [get('/api/assessments'), get('/api/applications/mine'), get('/api/jobs')]
      : [get('/api/assessments'), get('/api/jobs/managed'), get('/api/templates')];
  const save =
    user.role === 'candidate'
      ? [
          {
            method: 'PUT' as const,
            path: `/api/assessments/${encodeURIComponent(user.assessmentId!)}/files/${encodeURIComponent(user.fileName!)}`,
            headers: json,
            setupRequest: (request: object) => {
              lastEditedAt = Math.max(Date.now(), lastEditedAt + 1);
              return {
                ...request,
                body: JSON.stringify({
                  content: `${baseContent}\n// edit ${lastEditedAt}\n`,
                  editedAt: lastEditedAt,
                }),
              };
            },
          },
        ]
      : [];
  return [
    get('/api/auth/get-session'),
    get('/api/config'),
    get('/api/session/status'),
    ...list,
    get('/api/conversations/unread-count'),
    get('/api/notifications'),
    get('/api/conversations'),
    get(`${conversation}/messages`),
    {
      method: 'POST' as const,
      path: `${conversation}/messages`,
      headers: json,
      setupRequest: (request: object) => {
        sent++;
        return {
          ...request,
          body: JSON.stringify({
            clientId: `soak-${process.pid}-${sent}`,
            content: `Soak message ${sent}: are you free for a call on Thursday afternoon?`,
          }),
        };
      },
    },
    ...save,
  ];
}

export interface SoakDetails {
  connections: number;
  durationSeconds: number;
  users: number;
  load: LoadResult;
  samples: MemorySample[];
  rssAtBaseMb: number;
  rssAtEndMb: number;
  /** The V8 heap's live objects (after a full GC) before and after the load. */
  liveHeapMb: { start: number; end: number };
  growth: number;
  levelsOff: boolean;
  /** Where a request waited (bench/lib/soak-stats.ts). */
  waits?: SoakStats;
}

/** Where the time went during the load: the database worker's queue, the event loop, routes. */
function printWaits(w: SoakStats) {
  const d = w.database;
  const spread = (s: { mean: number; p50: number; p99: number; max: number }) =>
    `mean ${s.mean}, p50 ${s.p50}, p99 ${s.p99}, max ${s.max}`;
  console.log(
    `\n  server thread: busy ${w.serverThread.utilization}; event-loop delay ms ${spread(w.serverThread.delayMs)}`,
  );
  console.log(
    `  database worker: busy ${d.workerUtilization} (its event loop), statements ${d.busyShare} ` +
      `of the time; ${d.calls} calls\n    queue wait ms ${spread(d.waitMs)}\n    ` +
      `statement ms ${spread(d.execMs)}\n    answer back ms ${spread(d.answerMs)}\n    ` +
      `calls already out when posted ${spread(d.queued)}`,
  );
  printTable([
    ['statement (by the worker time spent on it)', 'calls', 'share', 'mean ms', 'wait ms'],
    ...d.top.map((t) => [
      t.label.slice(0, 90),
      String(t.count),
      t.execShare.toFixed(3),
      t.execMeanMs.toFixed(2),
      t.waitMeanMs.toFixed(2),
    ]),
  ]);
  printTable([
    ['route (by p99)', 'requests', 'mean ms', 'p50 ms', 'p99 ms', 'max ms'],
    ...w.routes.map((r) => [
      r.route,
      String(r.count),
      r.meanMs.toFixed(1),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      r.maxMs.toFixed(1),
    ]),
  ]);
}

/**
 * A 10-minute soak: 50 signed-in users (recruiters and candidates) on the app's frequent
 * routes on the embedded database, the server's RSS sampled every few seconds. The
 * budget: RSS at the end within 10 % of RSS after 2 minutes (it levels off).
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: SoakDetails }> {
  const recruiters = Math.max(1, Math.round(connections / 5));
  const child = await startBenchChild<SoakServerReady>({
    script: 'bench/lib/soak-server.ts',
    name: 'soak',
    // What ships: memory is what this stage measures.
    compiled: true,
    isReady: (line) => Array.isArray(line.users),
    env: {
      SOAK_RECRUITERS: String(recruiters),
      SOAK_CANDIDATES: String(Math.max(1, connections - recruiters)),
      HEAP_SNAPSHOT_DIR: snapshotDir,
    },
    timeoutMs: 300_000,
  });
  const samples: MemorySample[] = [];
  let result: LoadResult;
  let live = { start: 0, end: 0 };
  let cpuUsed = 0;
  let waits: SoakStats | undefined;
  try {
    const { appUrl, bareUrl, ready } = child;
    const { users, pid } = ready;
    console.log(
      `soak server: app ${appUrl} (pid ${pid}); ${users.length} users signed in; ` +
        `load average now ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    let assigned = 0;
    const options: Options & { connections: number; duration: number } = {
      url: appUrl,
      connections,
      duration,
      setupClient: (client) => {
        client.setRequests(requestsOf(users[assigned++ % users.length]!, appUrl));
      },
    };
    const liveHeapMb: Record<'start' | 'end', number> = { start: 0, end: 0 };
    const snapshot = async (when: 'start' | 'end', label: string) => {
      const after = (await (await fetch(`${bareUrl}/gc`, { method: 'POST' })).json()) as {
        heapUsed: number;
      };
      liveHeapMb[when] = mb(after.heapUsed);
      let written = '';
      if (snapshots) {
        const { file } = (await (
          await fetch(`${bareUrl}/heap-snapshot?label=${label}`, { method: 'POST' })
        ).json()) as { file: string };
        written = `; snapshot ${file}`;
      }
      console.log(`  live heap after a full GC (${label}): ${liveHeapMb[when]} MB${written}`);
    };
    await snapshot('start', 'soak-start');
    samples.push(await sample(pid, bareUrl, 0));
    await fetch(`${bareUrl}/stats/reset`, { method: 'POST' });
    const started = Date.now();
    const cpuAtStart = cpuSeconds(pid);
    let sampling = true;
    let detailedMinute = 0;
    const sampler = (async () => {
      while (sampling) {
        await new Promise((resolve) => setTimeout(resolve, sampleSeconds * 1000));
        if (!sampling) break;
        try {
          const t = (Date.now() - started) / 1000;
          const minute = Math.floor(t / 60);
          const s = await sample(pid, bareUrl, t, minute > detailedMinute);
          if (minute > detailedMinute) detailedMinute = minute;
          samples.push(s);
          console.log(
            `  t=${s.t}s rss ${s.rssMb} MB${s.wasmRssMb === null ? '' : ` (wasm ${s.wasmRssMb}, malloc ${s.mallocRssMb})`}, heap ${s.heapUsedMb}/${s.heapTotalMb} MB (worker's ${s.workerHeapTotalMb}), external ${s.externalMb} MB ` +
              `(array buffers ${s.arrayBuffersMb}), database ${s.databaseMb} MB; load ${s.load1}`,
          );
        } catch (error) {
          console.error(`  sample failed: ${(error as Error).message}`);
        }
      }
    })();
    result = await load(`soak: ${connections} users on the frequent routes`, options);
    cpuUsed = cpuSeconds(pid) - cpuAtStart;
    waits = (await (await fetch(`${bareUrl}/stats`)).json()) as SoakStats;
    printWaits(waits);
    sampling = false;
    await sampler;
    samples.push(await sample(pid, bareUrl, (Date.now() - started) / 1000));
    await snapshot('end', 'soak-end');
    live = liveHeapMb;
  } finally {
    await child.stop();
  }

  const at = (t: number) =>
    samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best));
  const base = at(BASE_SECONDS);
  const end = samples.at(-1)!;
  const growth = Number(((end.rssMb - base.rssMb) / base.rssMb).toFixed(3));
  const levelsOff = growth <= MAX_GROWTH;
  // The first sample of each minute (the one with the smaps breakdown) and the last.
  const everyMinute = samples.filter((s, i) => s.wasmRssMb !== null || i === samples.length - 1);
  console.log('');
  printTable([
    [
      't (s)',
      'RSS MB',
      'wasm RSS MB',
      'malloc RSS MB',
      'heap used/total MB',
      'external MB',
      'database MB',
      'load avg',
    ],
    ...everyMinute.map((s) => [
      String(s.t),
      s.rssMb.toFixed(1),
      s.wasmRssMb?.toFixed(1) ?? '',
      s.mallocRssMb?.toFixed(1) ?? '',
      `${s.heapUsedMb.toFixed(1)}/${s.heapTotalMb.toFixed(1)}`,
      s.externalMb.toFixed(1),
      s.databaseMb.toFixed(1),
      s.load1.toFixed(2),
    ]),
  ]);
  console.log(
    `\nRSS ${base.rssMb} MB at ${base.t} s, ${end.rssMb} MB at ${end.t} s: ` +
      `${(growth * 100).toFixed(1)} % (${levelsOff ? 'levels off' : 'still growing'})`,
  );
  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  return {
    metrics: [
      m(`RSS at ${base.t} s`, base.rssMb, 'MB'),
      m(`RSS at ${end.t} s`, end.rssMb, 'MB'),
      m('RSS growth after the base', growth * 100, '%', { limit: MAX_GROWTH * 100, kind: 'max' }),
      m('peak RSS', Math.max(...samples.map((s) => s.rssMb)), 'MB'),
      m('heap used at the end', end.heapUsedMb, 'MB'),
      m('live heap after a full GC, before the load', live.start, 'MB'),
      m('live heap after a full GC, after the load', live.end, 'MB'),
      m('PGlite memory resident at the end (wasm)', end.wasmRssMb, 'MB'),
      m('malloc resident at the end', end.mallocRssMb, 'MB'),
      m('database size at the end', end.databaseMb, 'MB'),
      m('throughput', result.requestsPerSecond, 'req/s'),
      m('p50', result.latencyMs.p50, 'ms'),
      m('p99', result.latencyMs.p99, 'ms'),
      m('server CPU per 1,000 requests', (cpuUsed * 1000) / Math.max(1, result.requests), 's'),
      m('non-2xx + errors', failed(result), '', { limit: 0, kind: 'max' }),
      m('database worker busy (its event loop)', waits?.database.workerUtilization ?? null, ''),
      m('database queue wait p99', waits?.database.waitMs.p99 ?? null, 'ms'),
      m('server thread busy (its event loop)', waits?.serverThread.utilization ?? null, ''),
      m('server event-loop delay p99', waits?.serverThread.delayMs.p99 ?? null, 'ms'),
      m('machine load average (max during the run)', Math.max(...samples.map((s) => s.load1)), ''),
    ],
    details: {
      connections,
      durationSeconds: duration,
      users: child.ready.users.length,
      load: result,
      samples,
      rssAtBaseMb: base.rssMb,
      rssAtEndMb: end.rssMb,
      liveHeapMb: live,
      waits,
      growth,
      levelsOff,
    },
  };
}
