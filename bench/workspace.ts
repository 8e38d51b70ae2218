/**
 * Opening a 200-file project in the workspace (issue 24): a candidate's assessment on the
 * JavaScript starter project, filled up to the 200-file limit through the file tree's API
 * (POST /file-changes, as the tree sends them), then what the workspace fetches when it opens:
 * GET /api/assessments/{id} and GET /api/assessments/{id}/files, one call at a time. Reports
 * each answer's time (p50/p99) and size (raw, and gzipped as sent to a browser).
 *
 * Environment: BENCH_WORKSPACE_LOADS (30 loads of each route).
 */
import { gzipSync } from 'node:zlib';
import { PROJECT_LIMITS } from '../src/domain/project-paths';
import { startBenchChild } from './lib/child';
import { type Metric, metric, printTable } from './lib/report';
import type { RunningServer } from './lib/server';
import type { WorkspaceServerReady } from './lib/workspace-server';

export const stage = 'workspace';

const loads = Math.max(1, Number(process.env.BENCH_WORKSPACE_LOADS ?? 30) || 30);

/** A module of about 1.5 KB, like a small source file of a real project. */
function moduleText(i: number): string {
  const lines = [`// Module ${i}: helpers for part ${i} of the project.`];
  for (let f = 0; f < 8; f++) {
    lines.push(
      `export function part${i}Step${f}(items) {`,
      `  return items.filter((item) => item.kind === 'k${f}').map((item) => ({ ...item, step: ${f} }));`,
      '}',
    );
  }
  return `${lines.join('\n')}\n`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: unknown }> {
  // Its own server: templates are an admin's, and the shared one has no admin.
  const child = await startBenchChild<WorkspaceServerReady>({
    script: 'bench/lib/workspace-server.ts',
    name: 'workspace',
    isReady: (line) => Boolean(line.candidateCookie),
  });
  try {
    return await measure(child.appUrl, child.ready);
  } finally {
    await child.stop();
  }
}

async function measure(
  base: string,
  ready: WorkspaceServerReady,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const candidateCookie = ready.candidateCookie;
  const id = ready.assessmentId;
  const send = (cookie: string, path: string, method = 'GET', body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const starter = await json<unknown[]>(
    await send(candidateCookie, `/api/assessments/${id}/files`),
    'GET files',
  );

  // Up to the limit, through the tree's own route (one change per call, in order).
  const toCreate = PROJECT_LIMITS.files - starter.length;
  const createStarted = performance.now();
  for (let i = 0; i < toCreate; i++) {
    const folder = `src/modules/group-${String(Math.floor(i / 20)).padStart(2, '0')}`;
    await json(
      await send(candidateCookie, `/api/assessments/${id}/file-changes`, 'POST', {
        op: 'create',
        path: `${folder}/module-${String(i).padStart(3, '0')}.js`,
        content: moduleText(i),
        editedAt: Date.now(),
      }),
      `create file ${i}`,
    );
  }
  const createMs = (performance.now() - createStarted) / Math.max(1, toCreate);

  const timed = async (path: string) => {
    const times: number[] = [];
    let rawBytes = 0;
    let count = 0;
    for (let i = 0; i < loads; i++) {
      const started = performance.now();
      const response = await send(candidateCookie, path);
      const body = await response.text();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      rawBytes = Buffer.byteLength(body);
      const parsed = JSON.parse(body) as unknown;
      count = Array.isArray(parsed) ? parsed.length : 1;
    }
    times.sort((a, b) => a - b);
    return {
      path,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      rawKb: rawBytes / 1024,
      gzipKb: 0,
      count,
    };
  };
  const files = await timed(`/api/assessments/${id}/files`);
  const detail = await timed(`/api/assessments/${id}`);
  for (const r of [files, detail]) {
    const body = await (await send(candidateCookie, r.path)).text();
    r.gzipKb = gzipSync(body, { level: 6 }).length / 1024;
  }
  if (files.count !== PROJECT_LIMITS.files) {
    throw new Error(`the project has ${files.count} files, not ${PROJECT_LIMITS.files}`);
  }

  console.log(
    `\n200-file project (${starter.length} starter files + ${toCreate} created, ${createMs.toFixed(1)} ms per create); ${loads} loads each:`,
  );
  printTable([
    ['route', 'p50 ms', 'p99 ms', 'raw KB', 'gzip KB'],
    ...[files, detail].map((r) => [
      r.path.replace(id, '{id}'),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.rawKb.toFixed(1),
      r.gzipKb.toFixed(1),
    ]),
  ]);
  const round = (n: number) => Number(n.toFixed(1));
  const metrics = [
    metric(stage, 'open 200 files: GET /files p50', round(files.p50), 'ms'),
    metric(stage, 'open 200 files: GET /files p99', round(files.p99), 'ms'),
    metric(stage, 'open 200 files: GET /files size', round(files.rawKb), 'KB'),
    metric(stage, 'open 200 files: GET /files gzipped', round(files.gzipKb), 'KB'),
    metric(stage, 'open 200 files: GET /assessments/{id} p50', round(detail.p50), 'ms'),
    metric(stage, 'open 200 files: GET /assessments/{id} p99', round(detail.p99), 'ms'),
    metric(stage, 'open 200 files: GET /assessments/{id} size', round(detail.rawKb), 'KB'),
    metric(stage, 'create a file (POST /file-changes) mean', round(createMs), 'ms'),
  ];
  return { metrics, details: { starterFiles: starter.length, created: toCreate, files, detail } };
}
