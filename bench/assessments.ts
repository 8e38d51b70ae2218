import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Options } from 'autocannon';
import { DEFAULT_PROJECT } from '../src/domain/sample-project';
import type { AssessmentServerReady } from './lib/assessment-server';
import { startBenchChild } from './lib/child';
import { failed, type LoadResult, ratio, load as runLoad, warmUp } from './lib/load';
import { type Metric, metric, printTable } from './lib/report';
import { ensureWebBuild, type RunningServer, repoRoot } from './lib/server';

export const stage = 'assessments';

const connections = Number(process.env.BENCH_ASSESSMENTS_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_ASSESSMENTS_SECONDS ?? 10);
/** DESIGN budget: the real routes' p99, and their throughput against the bare route's. */
const P99_BUDGET_MS = 50;
const MIN_THROUGHPUT_RATIO = 0.5;

// --- the child process (real app + bare routes on one embedded database) ------------------

/** Starts bench/lib/assessment-server.ts in its own process group and waits for its ready line. */
const startChild = () =>
  startBenchChild<AssessmentServerReady>({
    script: 'bench/lib/assessment-server.ts',
    name: 'assessments',
    isReady: (line) => Boolean(line.candidateCookie && line.assessmentId),
  });

const load = (label: string, options: Options) =>
  runLoad(label, { connections, duration, ...options });

/**
 * editedAt must grow from one save of a file to the next: an older one is refused (409)
 * by design. Across concurrent connections on one file the arrival order is not the
 * send order, so each connection saves its own (assessment, file), as 50 candidates'
 * tabs would, with an editedAt that grows per save (Date.now(), or one more than the last).
 */
let lastEditedAt = 0;
const nextEditedAt = () => {
  lastEditedAt = Math.max(Date.now(), lastEditedAt + 1);
  return lastEditedAt;
};
const baseContent =
  DEFAULT_PROJECT.files.find((f) => f.path === 'auth.service.ts')?.content ??
  'export const x = 1;\n';
const fileBody = () => {
  const editedAt = nextEditedAt();
  return JSON.stringify({ content: `${baseContent}\n// edit ${editedAt}\n`, editedAt });
};
/** The real route's path under /api, the bare one's under /bare. */
const filePath = (root: '/api' | '/bare', id: string, fileName: string) =>
  `${root}/assessments/${encodeURIComponent(id)}/files/${encodeURIComponent(fileName)}`;

// --- the workspace's JavaScript --------------------------------------------------------

export interface WorkspaceScripts {
  status: 'measured' | 'not built yet';
  reason?: string;
  /** gzip -9 of the workspace screen's chunk and what it imports statically (entry excluded). */
  screenGzipBytes: number;
  /** The editor chunk(s) the screen imports dynamically at once (preloadEditor), with their imports. */
  editorGzipBytes: number;
  /** The entry chunk every page loads first (index.html's script). */
  entryGzipBytes: number;
  files: {
    file: string;
    part: 'screen' | 'editor' | 'entry';
    rawBytes: number;
    gzipBytes: number;
  }[];
}

const staticImport =
  /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`](\.\/[\w.-]+\.js)["'`]/g;
const dynamicImport = /\bimport\(\s*["'`](\.\/[\w.-]+\.js)["'`]\s*\)/g;

/**
 * The JavaScript the workspace screen (/assessment/:id) loads, from the built files:
 * Vite writes no manifest here (vite.config.ts), so the chunks are read directly. The
 * screen's chunk is the one named after workspace-screen.tsx (or, failing that, the one
 * holding its title); its static imports are followed, and so are the dynamic imports
 * in the screen's chunk itself (the code editor, which it preloads on evaluation).
 */
export function workspaceScripts(): WorkspaceScripts {
  const assets = path.join(repoRoot, 'dist/web/assets');
  const empty = { screenGzipBytes: 0, editorGzipBytes: 0, entryGzipBytes: 0, files: [] };
  const indexHtml = path.join(repoRoot, 'dist/web/index.html');
  if (!existsSync(assets) || !existsSync(indexHtml)) {
    return { status: 'not built yet', reason: 'dist/web is missing', ...empty };
  }
  const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const source = new Map<string, string>();
  const read = (name: string) => {
    if (!source.has(name)) source.set(name, readFileSync(path.join(assets, name), 'utf8'));
    return source.get(name)!;
  };
  const screen =
    chunks.find((name) => /^workspace-screen-[\w-]+\.js$/.test(name)) ??
    chunks.find((name) => read(name).includes('Assessment Workspace'));
  if (!screen) {
    return {
      status: 'not built yet',
      reason: 'no workspace-screen chunk in dist/web/assets',
      ...empty,
    };
  }
  const entry = readFileSync(indexHtml, 'utf8').match(
    /<script[^>]+src="\/assets\/([^"]+\.js)"/,
  )?.[1];
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const name = queue.pop()!;
      if (seen.has(name) || !chunks.includes(name)) continue;
      seen.add(name);
      for (const match of read(name).matchAll(staticImport)) queue.push(match[1]!.slice(2));
    }
    return seen;
  };
  // What every page has loaded before the screen's chunk is fetched.
  const entryFiles = entry ? closure([entry]) : new Set<string>();
  const screenFiles = new Set([...closure([screen])].filter((name) => !entryFiles.has(name)));
  const dynamic = [...read(screen).matchAll(dynamicImport)].map((m) => m[1]!.slice(2));
  const editorFiles = [...closure(dynamic)].filter(
    (name) => !entryFiles.has(name) && !screenFiles.has(name),
  );
  const files: WorkspaceScripts['files'] = [];
  const add = (names: Iterable<string>, part: WorkspaceScripts['files'][number]['part']) => {
    for (const name of names) {
      const raw = Buffer.from(read(name));
      files.push({
        file: name,
        part,
        rawBytes: raw.length,
        gzipBytes: gzipSync(raw, { level: 9 }).length,
      });
    }
  };
  add(screenFiles, 'screen');
  add(editorFiles, 'editor');
  add(entryFiles, 'entry');
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (part: string) =>
    files.filter((f) => f.part === part).reduce((total, f) => total + f.gzipBytes, 0);
  return {
    status: 'measured',
    screenGzipBytes: sum('screen'),
    editorGzipBytes: sum('editor'),
    entryGzipBytes: sum('entry'),
    files,
  };
}

// --- the stage -------------------------------------------------------------------------

export interface AssessmentsDetails {
  connections: number;
  durationSeconds: number;
  assessmentsListed: number;
  list: { real: LoadResult; bare: LoadResult };
  save: { real: LoadResult; bare: LoadResult };
  /** GET /api/config with the cookie: the session middleware and no query of its own. */
  sessionOnly: LoadResult;
  /** Each part of the real routes alone, one call at a time, in the server process. */
  serialMs: AssessmentServerReady['serialMs'];
  workspaceJs: WorkspaceScripts;
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * Listing one's assessments and saving a file at `connections` connections on the
 * embedded database, each beside a bare Hono route running the same statement on the
 * same database; and the gzipped JavaScript of the workspace screen. The stage starts
 * its own server (the shared one cannot host the bare routes: one process per PGlite).
 * It builds the web app itself unless --no-build, so a failing build loses only the
 * JavaScript figure.
 */
export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: AssessmentsDetails }> {
  const child = await startChild();
  let list: AssessmentsDetails['list'];
  let save: AssessmentsDetails['save'];
  let sessionOnly: LoadResult;
  try {
    const { appUrl, bareUrl, ready } = child;
    console.log(
      `assessment server: app ${appUrl}, bare ${bareUrl}; candidate with ${ready.assessments} assessments`,
    );
    const serial = ready.serialMs;
    console.log(
      `one call at a time, in the server: session lookup ${serial.sessionLookup} ms, list statement ` +
        `${serial.listQuery} ms, assessment row ${serial.assessmentRow} ms, file upsert ${serial.fileUpsert} ms`,
    );
    const listUrl = `${appUrl}/api/assessments`;
    const fileUrl = `${appUrl}${filePath('/api', ready.assessmentId, ready.fileName)}`;
    const cookie = { cookie: ready.candidateCookie };
    const json = { 'content-type': 'application/json' };
    const saveHeaders = { ...cookie, ...json, origin: appUrl };

    await warmUp(listUrl, () => ({ headers: cookie }));
    await warmUp(`${bareUrl}/bare/assessments`, () => ({}));
    await warmUp(`${appUrl}/api/config`, () => ({ headers: cookie }));
    await warmUp(fileUrl, () => ({ method: 'PUT', headers: saveHeaders, body: fileBody() }));
    await warmUp(`${bareUrl}/bare/file`, () => ({
      method: 'PUT',
      headers: json,
      body: fileBody(),
    }));
    const listed = (await (await fetch(listUrl, { headers: cookie })).json()) as unknown[];
    if (listed.length !== ready.assessments) {
      throw new Error(`GET /api/assessments listed ${listed.length}, not ${ready.assessments}`);
    }

    // Main files first (auth.service.ts of each assessment), then the others.
    const targets = ready.fileNames
      .toSorted((a, b) => Number(b === ready.fileName) - Number(a === ready.fileName))
      .flatMap((fileName) => ready.assessmentIds.map((id) => [id, fileName] as const));
    if (targets.length < connections) {
      console.warn(`only ${targets.length} files for ${connections} connections: expect 409s`);
    }
    // Each connection saves its own file: a connection has one request in flight, so its
    // saves arrive in the order their editedAt grows. (autocannon's setupRequest context
    // is reset before every request when the list has one entry; setupClient is per client.)
    const putWithFreshEdit = (
      baseUrl: string,
      root: '/api' | '/bare',
      headers: Record<string, string>,
    ): Options => {
      let assigned = 0;
      return {
        url: `${baseUrl}${filePath(root, ...targets[0]!)}`,
        method: 'PUT',
        headers,
        body: fileBody(),
        setupClient: (client) => {
          const path = filePath(root, ...targets[assigned++ % targets.length]!);
          client.setRequests([
            {
              method: 'PUT',
              path,
              headers,
              setupRequest: (request) => ({ ...request, body: fileBody() }),
            },
          ]);
        },
      };
    };
    list = {
      real: await load('GET /api/assessments (real)', { url: listUrl, headers: cookie }),
      bare: await load('GET /bare/assessments (bare)', { url: `${bareUrl}/bare/assessments` }),
    };
    save = {
      real: await load(
        'PUT /api/assessments/:id/files/:name (real)',
        putWithFreshEdit(appUrl, '/api', saveHeaders),
      ),
      bare: await load(
        'PUT /bare/assessments/:id/files/:name (bare)',
        putWithFreshEdit(bareUrl, '/bare', json),
      ),
    };
    sessionOnly = await load('GET /api/config (session lookup only)', {
      url: `${appUrl}/api/config`,
      headers: cookie,
    });
  } finally {
    await child.stop();
  }

  // Built after the load: vite must not compete with the server for the two cores.
  const flags = process.argv.slice(2);
  let workspaceJs: WorkspaceScripts;
  try {
    if (!flags.includes('--no-build')) await ensureWebBuild({ force: flags.includes('--rebuild') });
    workspaceJs = workspaceScripts();
  } catch (error) {
    const reason = `web build failed: ${(error as Error).message.split('\n')[0]}`;
    console.error(reason);
    workspaceJs = {
      status: 'not built yet',
      reason,
      screenGzipBytes: 0,
      editorGzipBytes: 0,
      entryGzipBytes: 0,
      files: [],
    };
  }

  console.log('');
  printTable([
    ['route', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx+err', 'B/resp'],
    ...[list.real, list.bare, save.real, save.bare, sessionOnly].map((r) => [
      r.label,
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      r.requestsPerSecond.toFixed(1),
      String(failed(r)),
      String(r.bytesPerResponse),
    ]),
  ]);
  if (workspaceJs.status === 'measured') {
    console.log(
      `\nworkspace JavaScript (gzip -9): screen ${kb(workspaceJs.screenGzipBytes)} KB + editor ` +
        `${kb(workspaceJs.editorGzipBytes)} KB beyond the entry (${kb(workspaceJs.entryGzipBytes)} KB)`,
    );
    printTable([
      ['file', 'part', 'raw KB', 'gzip KB'],
      ...workspaceJs.files.map((f) => [
        f.file,
        f.part,
        kb(f.rawBytes).toFixed(1),
        kb(f.gzipBytes).toFixed(1),
      ]),
    ]);
  } else {
    console.log(`\nworkspace JavaScript: not built yet (${workspaceJs.reason})`);
  }

  const m = (name: string, value: number | null, unit: string, budget?: Metric['budget']) =>
    metric(stage, name, value, unit, budget);
  const routeMetrics = (name: string, pair: { real: LoadResult; bare: LoadResult }) => [
    m(`${name} p50 (real)`, pair.real.latencyMs.p50, 'ms'),
    m(`${name} p99 (real)`, pair.real.latencyMs.p99, 'ms', { limit: P99_BUDGET_MS, kind: 'max' }),
    m(`${name} throughput (real)`, pair.real.requestsPerSecond, 'req/s'),
    m(`${name} p50 (bare)`, pair.bare.latencyMs.p50, 'ms'),
    m(`${name} p99 (bare)`, pair.bare.latencyMs.p99, 'ms'),
    m(`${name} throughput (bare)`, pair.bare.requestsPerSecond, 'req/s'),
    m(
      `${name} throughput real/bare`,
      ratio(pair.real.requestsPerSecond, pair.bare.requestsPerSecond),
      '',
      { limit: MIN_THROUGHPUT_RATIO, kind: 'min' },
    ),
    m(`${name} non-2xx + errors (real)`, failed(pair.real), '', { limit: 0, kind: 'max' }),
    m(`${name} non-2xx + errors (bare)`, failed(pair.bare), '', { limit: 0, kind: 'max' }),
  ];
  const measured = workspaceJs.status === 'measured';
  const jsNote = measured ? undefined : `not built yet: ${workspaceJs.reason}`;
  const metrics = [
    ...routeMetrics('list', list),
    ...routeMetrics('save file', save),
    m('session-only p50 (GET /api/config)', sessionOnly.latencyMs.p50, 'ms'),
    m('session-only throughput', sessionOnly.requestsPerSecond, 'req/s'),
    m('serial: session lookup', child.ready.serialMs.sessionLookup, 'ms'),
    m('serial: list statement', child.ready.serialMs.listQuery, 'ms'),
    m('serial: assessment row (save)', child.ready.serialMs.assessmentRow, 'ms'),
    m('serial: file upsert', child.ready.serialMs.fileUpsert, 'ms'),
    metric(
      stage,
      'workspace gzipped JS (screen + editor)',
      measured ? kb(workspaceJs.screenGzipBytes + workspaceJs.editorGzipBytes) : null,
      'KB',
      undefined,
      jsNote,
    ),
    metric(
      stage,
      'workspace gzipped JS incl. entry',
      measured
        ? kb(workspaceJs.screenGzipBytes + workspaceJs.editorGzipBytes + workspaceJs.entryGzipBytes)
        : null,
      'KB',
      undefined,
      jsNote,
    ),
  ];
  return {
    metrics,
    details: {
      connections,
      durationSeconds: duration,
      assessmentsListed: child.ready.assessments,
      list,
      save,
      sessionOnly,
      serialMs: child.ready.serialMs,
      workspaceJs,
    },
  };
}
