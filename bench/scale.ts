/**
 * Running as a service (issue 18). Two stages:
 *
 * storage: a 5 MB résumé stored and read back (as a stream) through the S3
 *   driver against a local S3 server (s3rver), and through the local driver;
 *   their ratio. BENCH_STORAGE_ROUNDS (10).
 * scaling: requests per second of one web server, then of two behind a
 *   round-robin proxy, on PostgreSQL (BENCH_DATABASE_URL, default the local
 *   server's postgres database: a scratch database is made and dropped).
 *   GET /readyz (a database query and a storage check) with autocannon.
 *   BENCH_SCALING_CONNECTIONS (50), BENCH_SCALING_SECONDS (10).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { parseEnv } from '../src/server/env';
import { openStorage } from '../src/server/storage/open';
import { readAll, type Storage, streamOf } from '../src/server/storage/storage';
import { roundRobinProxy } from '../src/server/test/round-robin-proxy';
import { startLocalS3 } from '../src/server/test/s3-server';
import { type Metric, metric } from './lib/report';
import { repoRoot } from './lib/server';

export const storageStage = 'storage';
export const scalingStage = 'scaling';

const RESUME_BYTES = 5 * 1024 * 1024;

async function timeRounds(storage: Storage, rounds: number) {
  const bytes = new Uint8Array(RESUME_BYTES);
  for (let i = 0; i < bytes.length; i += 997) bytes[i] = i % 251;
  const upload: number[] = [];
  const download: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    await storage.putStream(`resumes/bench-${i}`, streamOf(bytes), 'application/pdf');
    upload.push(performance.now() - started);
    started = performance.now();
    const opened = await storage.open(`resumes/bench-${i}`);
    const read = await readAll(opened!.stream);
    download.push(performance.now() - started);
    if (read.length !== RESUME_BYTES) throw new Error('the résumé came back short');
    await storage.remove(`resumes/bench-${i}`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { uploadMs: median(upload), downloadMs: median(download) };
}

export async function runStorage(): Promise<{ metrics: Metric[]; details: unknown }> {
  const rounds = Number(process.env.BENCH_STORAGE_ROUNDS ?? 10);
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-storage-'));
  const s3 = await startLocalS3('talentforge-bench');
  try {
    const local = await timeRounds(openStorage(parseEnv({ DATA_DIR: folder })), rounds);
    const remote = await timeRounds(
      openStorage(parseEnv({ DATA_DIR: folder, ...s3.env('bench') })),
      rounds,
    );
    const r = (x: number) => Math.round(x * 10) / 10;
    const note =
      's3rver on loopback (it writes to disk too): the driver and protocol cost, not a network';
    return {
      metrics: [
        metric(storageStage, 'local: store a 5 MB résumé (median)', r(local.uploadMs), 'ms'),
        metric(storageStage, 'local: read it back (median)', r(local.downloadMs), 'ms'),
        metric(storageStage, 'S3: store a 5 MB résumé (median)', r(remote.uploadMs), 'ms'),
        metric(storageStage, 'S3: read it back (median)', r(remote.downloadMs), 'ms'),
        metric(
          storageStage,
          'S3 / local, store',
          r(remote.uploadMs / local.uploadMs),
          'x',
          undefined,
          note,
        ),
        metric(
          storageStage,
          'S3 / local, read',
          r(remote.downloadMs / local.downloadMs),
          'x',
          undefined,
          note,
        ),
      ],
      details: { rounds, local, s3: remote },
    };
  } finally {
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: Number(process.env.BENCH_SCALING_CONNECTIONS ?? 50),
    duration: Number(process.env.BENCH_SCALING_SECONDS ?? 10),
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export async function runScaling(): Promise<{ metrics: Metric[]; details: unknown }> {
  const root = repoRoot;
  const outdir = path.join(root, '.tmp', `bench-scale-${process.pid}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scaling-'));
  const base = new URL(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  );
  const name = `bench_scaling_${Date.now()}`;
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  const children: ChildProcess[] = [];
  const proxyPort = await freePort();
  const backends = { a: await freePort(), b: await freePort() };
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], {
      cwd: root,
      stdio: 'pipe',
    });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const start = async (port: number, folder: string) => {
      const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
        cwd: tmpdir(),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          ALLOW_ROOT: '1',
          DATABASE_URL: url.toString(),
          AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
          APP_URL: `http://127.0.0.1:${proxyPort}`,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(dataDir, folder),
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      children.push(child);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('a web server did not become ready');
    };
    await start(backends.a, 'a');
    await start(backends.b, 'b');
    const one = await load(`http://127.0.0.1:${backends.a}/readyz`);
    const proxy = await roundRobinProxy(proxyPort, backends);
    const two = await load(`http://127.0.0.1:${proxyPort}/readyz`);
    proxy.close();
    const ratio = Math.round((two.rps / Math.max(1, one.rps)) * 100) / 100;
    const note =
      'one 2-core machine runs both servers, PostgreSQL, the proxy and autocannon: the ratio shows the cost of the proxy hop and shared cores, not what two machines would give';
    return {
      metrics: [
        metric(scalingStage, 'one web server, GET /readyz', one.rps, 'req/s'),
        metric(scalingStage, 'two web servers behind the proxy', two.rps, 'req/s'),
        metric(scalingStage, 'two / one', ratio, 'x', undefined, note),
      ],
      details: { one, two },
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
