/**
 * Analytics: how long GET /api/analytics's work (every aggregate of one answer) takes on an
 * embedded database holding APPLICATIONS applications with their stage history across
 * JOBS jobs and ASSESSMENTS assessments, one call at a time: the whole range for an admin,
 * one recruiter's jobs, and one job. Measured in this process (no HTTP), after a warm-up.
 * No DESIGN budget: reported for comparison between runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { parseEnv } from '../src/server/env';
import { getAnalytics } from '../src/server/features/analytics/analytics.service';
import type { Actor } from '../src/server/lib/http';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';
import { type Metric, metric } from './lib/report';
import type { RunningServer } from './lib/server';

export const stage = 'analytics';

const JOBS = 200;
const RECRUITERS = 20;
const CANDIDATES = 2000;
const APPLICATIONS = Number(process.env.BENCH_ANALYTICS_APPLICATIONS ?? 10_000);
const ASSESSMENTS = 2000;
const CALLS = Number(process.env.BENCH_ANALYTICS_CALLS ?? 30);

export interface AnalyticsDetails {
  applications: number;
  events: number;
  assessments: number;
  seedMs: number;
  timings: Record<string, { medianMs: number; p95Ms: number }>;
}

/** Users, jobs, applications with 1–5 history rows each, and scored assessments, in bulk SQL. */
async function seed(query: (sql: string) => Promise<unknown>) {
  await query(`insert into "user" (id, name, email, role)
    select 'bench-rec-' || i, 'Recruiter ' || i, 'bench-rec-' || i || '@bench.test', 'recruiter'
      from generate_series(1, ${RECRUITERS}) i`);
  await query(`insert into "user" (id, name, email, role)
    select 'bench-cand-' || i, 'Candidate ' || i, 'bench-cand-' || i || '@bench.test', 'candidate'
      from generate_series(1, ${CANDIDATES}) i`);
  await query(`insert into job (id, recruiter_id, title, department_id, locations, workplace_type,
      job_type, experience, description, status, published_at, created_at)
    select 'bench-job-' || i, 'bench-rec-' || (1 + i % ${RECRUITERS}), 'Engineer ' || i,
      (select id from department where name = 'Engineering'), '["Remote"]'::jsonb, 'remote', 'full-time', '3-5', 'Work.',
      case when i % 5 = 0 then 'closed' else 'published' end, now() - interval '100 days',
      now() - interval '100 days'
      from generate_series(0, ${JOBS - 1}) i`);
  // A candidate applies to a job once: the job shifts by one for each pass over the candidates.
  await query(`insert into job_application (id, job_id, candidate_id, stage, cover_letter, created_at)
    select 'bench-app-' || i,
      'bench-job-' || ((i % ${JOBS} + i / ${CANDIDATES}) % ${JOBS}),
      'bench-cand-' || (1 + i % ${CANDIDATES}),
      (array['applied','screening','assessment','interview','offer','hired','rejected','withdrawn'])[1 + (i * 7) % 8],
      'Hello', now() - ((i % 85) || ' days')::interval - ((i % 23) || ' hours')::interval
      from generate_series(0, ${APPLICATIONS - 1}) i`);
  await query(`insert into application_event (id, application_id, from_stage, to_stage, actor_name, created_at)
    select a.id || '-' || k, a.id,
      case when k = 0 then null else (array['applied','screening','assessment','interview','offer'])[k] end,
      case when k = n.last then a.stage else (array['applied','screening','assessment','interview','offer','hired'])[k + 1] end,
      'Bench', a.created_at + (k * 2 || ' days')::interval
      from job_application a
      cross join lateral (select least(4, (hashtext(a.id) & 7) % 5) as last) n
      cross join lateral generate_series(0, n.last) k
     where a.id like 'bench-app-%'`);
  await query(`insert into assessment (id, title, role_name, candidate_id, candidate_name,
      recruiter_id, recruiter_name, status, duration_hours, project, due_date, created_at,
      started_at, completed_date, score, reviewed_at, submitted_by)
    select 'bench-as-' || i, 'Task', 'Engineer', 'bench-cand-' || (1 + i % ${CANDIDATES}), 'Candidate',
      'bench-rec-' || (1 + i % ${RECRUITERS}), 'Recruiter',
      case when i % 4 = 0 then 'scheduled' else 'completed' end, 2,
      '{"name":"p","files":[]}'::jsonb, current_date + 7, now() - ((i % 80) || ' days')::interval,
      now() - ((i % 80) || ' days')::interval,
      case when i % 4 = 0 then null else now() - ((i % 80) || ' days')::interval + interval '1 day' end,
      case when i % 4 = 0 or i % 7 = 0 then null else (i * 37) % 101 end,
      case when i % 4 = 0 or i % 7 = 0 then null else now() - ((i % 80) || ' days')::interval + interval '1 day' + ((i % 48) || ' hours')::interval end,
      case when i % 4 = 0 then null else 'candidate' end
      from generate_series(0, ${ASSESSMENTS - 1}) i`);
  await query('analyze');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function run(
  _server: RunningServer,
): Promise<{ metrics: Metric[]; details: AnalyticsDetails }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ dataDir });
  const services = await createServices(env, createLogger('silent'), { database });
  try {
    const seeded = performance.now();
    await seed((sql) => database.query(sql));
    const seedMs = Math.round(performance.now() - seeded);
    const [counts] = await database.query<{ events: number }>(
      'select count(*)::int as events from application_event',
    );
    const deps = { db: database.db };
    const admin: Actor = { id: 'bench-admin', name: 'Admin', email: 'a@bench.test', role: 'admin' };
    const recruiter: Actor = { ...admin, id: 'bench-rec-3', role: 'recruiter' };
    const cases: [string, Actor, Record<string, string>][] = [
      ['admin, every job, 90 days by week', admin, {}],
      ["recruiter's own jobs", recruiter, {}],
      ['one job', admin, { jobId: 'bench-job-42' }],
    ];
    const timings: AnalyticsDetails['timings'] = {};
    const metrics: Metric[] = [];
    for (const [name, actor, query] of cases) {
      for (let i = 0; i < 3; i++) await getAnalytics(deps, actor, query);
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        await getAnalytics(deps, actor, query);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      const medianMs = Math.round(percentile(ms, 0.5) * 10) / 10;
      const p95Ms = Math.round(percentile(ms, 0.95) * 10) / 10;
      timings[name] = { medianMs, p95Ms };
      console.log(`${name}: median ${medianMs} ms, p95 ${p95Ms} ms`);
      metrics.push(metric(stage, `${name} (median)`, medianMs, 'ms'));
      metrics.push(metric(stage, `${name} (p95)`, p95Ms, 'ms'));
    }
    return {
      metrics,
      details: {
        applications: APPLICATIONS,
        events: counts?.events ?? 0,
        assessments: ASSESSMENTS,
        seedMs,
        timings,
      },
    };
  } finally {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
