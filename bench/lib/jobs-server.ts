/**
 * Child process of the `jobs` bench stage (bench/jobs.ts), run as
 *
 *   node --import tsx bench/lib/jobs-server.ts   (env PORT_APP, PORT_BARE, DATA_DIR)
 *
 * Like assessment-server.ts: the real app on PORT_APP and a bare Hono app on PORT_BARE
 * (no session, no validation) on one embedded database. Seeds JOB_COUNT published jobs
 * from RECRUITERS recruiters, a candidate who applied to a few, signs the candidate in and
 * prints one JSON line: {"candidateCookie", "jobs", ...}. SIGTERM/SIGINT stop it.
 */

import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { toIsoDate } from '../../src/domain/assessments';
import { JOB_PAGE_SIZE, WORKPLACE_TYPES } from '../../src/domain/jobs';
import { emptyProfileDetails } from '../../src/domain/profile';
import { createAccount } from '../../src/server/auth/users';
import { department, job, jobApplication, profile, user } from '../../src/server/db/schema';
import { jobCardColumns } from '../../src/server/features/jobs/browse';
import { applyToJob } from '../../src/server/features/jobs/jobs.service';
import { newId } from '../../src/server/lib/ids';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { diskStorage } from '../../src/server/storage/storage';
import { childEnv, listen, required, stopOnSignal } from './child-server';

const JOB_COUNT = 1000;
const RECRUITERS = 20;
const APPLIED = 10;

export interface JobsServerReady {
  candidateCookie: string;
  jobs: number;
  /** Mean ms of the browse statement run alone, one at a time, in this process. */
  serialQueryMs: number;
  /** The database's plan for it (EXPLAIN ANALYZE), node types from the top. */
  plan: string[];
}

const DESCRIPTION = `## About the role

You will join a team of eight building the platform our customers run their hiring on.

## What you will do

- Design and ship features end to end, from the database to the screen
- Review code, pair with colleagues and mentor newer engineers
- Keep the service fast and reliable

## What we look for

- Several years of TypeScript on the server and in the browser
- Care for users, tests and clear writing
`;

async function main() {
  const portApp = Number(required('PORT_APP'));
  const portBare = Number(required('PORT_BARE'));
  const appUrl = `http://localhost:${portApp}`;
  const env = childEnv(portApp);
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;

  const suffix = randomUUID().slice(0, 8);
  const password = `bench-password-${suffix}`;
  const account = async (role: 'recruiter' | 'candidate', name: string) => {
    const email = `bench-${role}-${name.replace(/\W/g, '')}-${suffix}@example.com`;
    const created = await createAccount(services.auth, { email, password, name, role });
    return { id: created.id, email, name, role };
  };
  const recruiters: { id: string }[] = [];
  for (let i = 0; i < RECRUITERS; i++) {
    const r = await account('recruiter', `Recruiter ${i}`);
    await db
      .insert(profile)
      .values({
        userId: r.id,
        details: {
          ...emptyProfileDetails(),
          company: { ...emptyProfileDetails().company, name: `Company ${i}` },
        },
      })
      .onConflictDoNothing();
    recruiters.push(r);
  }
  const candidate = await account('candidate', 'Bench Candidate');

  // 1,000 published jobs, one a minute back from now, in batches, across the seeded departments.
  const departments = await db.select({ id: department.id }).from(department);
  const now = Date.now();
  const rows = Array.from({ length: JOB_COUNT }, (_, i) => ({
    id: newId(),
    recruiterId: recruiters[i % RECRUITERS]!.id,
    title: `Software Engineer ${i}`,
    departmentId: departments[i % departments.length]!.id,
    locations: [`City ${i % 37}`, 'Remote'],
    workplaceType: WORKPLACE_TYPES[i % 3]!,
    jobType: 'full-time' as const,
    experience: '3-5' as const,
    salaryMin: 60000 + (i % 50) * 1000,
    salaryMax: 90000 + (i % 50) * 1000,
    currency: 'USD' as const,
    showSalary: i % 4 !== 0,
    description: DESCRIPTION,
    openings: 1 + (i % 3),
    closingDate: i % 5 === 0 ? toIsoDate(new Date(now + 30 * 86_400_000)) : null,
    status: 'published' as const,
    publishedAt: new Date(now - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(job).values(rows.slice(i, i + 200));
  const deps = {
    db,
    bus: services.bus,
    mailer: services.mailer,
    appUrl,
    storage: diskStorage(`${required('DATA_DIR')}/files`),
  };
  const actor = {
    id: candidate.id,
    name: candidate.name,
    email: candidate.email,
    role: 'candidate' as const,
  };
  for (let i = 0; i < APPLIED; i++) {
    await applyToJob(deps, actor, rows[i * 2]!.id, { coverLetter: 'Hello' }, null);
  }
  // As the embedded database's periodic check would do shortly after such a load.
  await services.database.query('analyze');

  // The bare route: the statement browseJobs runs for the first page, no session, no checks.
  const recruiter = alias(user, 'recruiter');
  const bare = new Hono();
  const browse = () => {
    const today = toIsoDate(new Date());
    return db
      .select({
        job: jobCardColumns,
        recruiterName: recruiter.name,
        companyName: sql<string>`coalesce(${profile.details}->'company'->>'name', '')`,
        departmentName: department.name,
        applied: sql<boolean>`exists (select 1 from ${jobApplication} where ${jobApplication.jobId} = ${job.id} and ${jobApplication.candidateId} = ${candidate.id})`,
      })
      .from(job)
      .innerJoin(recruiter, eq(recruiter.id, job.recruiterId))
      .innerJoin(department, eq(department.id, job.departmentId))
      .leftJoin(profile, eq(profile.userId, job.recruiterId))
      .where(
        and(
          eq(job.status, 'published'),
          or(isNull(job.closingDate), sql`${job.closingDate} >= ${today}`),
        ),
      )
      .orderBy(desc(job.publishedAt), desc(job.id))
      .limit(JOB_PAGE_SIZE + 1);
  };
  bare.get('/bare/jobs', async (c) => {
    const found = await browse();
    return c.json({ items: found.slice(0, JOB_PAGE_SIZE), nextCursor: null });
  });
  for (let i = 0; i < 20; i++) await browse();
  const started = performance.now();
  for (let i = 0; i < 100; i++) await browse();
  const serialQueryMs = Number(((performance.now() - started) / 100).toFixed(2));
  const query = browse().toSQL();
  const [explained] = await services.database.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, format json) ${query.sql}`,
    query.params,
  );
  const plan: string[] = [];
  const walk = (node: Record<string, unknown>, depth: number) => {
    plan.push(
      `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : ''} rows=${node['Actual Rows']}`,
    );
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? [])
      walk(child, depth + 1);
  };
  const top = (explained?.['QUERY PLAN'] as { Plan: Record<string, unknown> }[] | undefined)?.[0];
  if (top) walk(top.Plan, 0);

  const servers = await Promise.all([
    listen(services.app.fetch, portApp),
    listen(bare.fetch, portBare),
  ]);
  stopOnSignal(servers, services);

  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ email: candidate.email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const candidateCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const ready: JobsServerReady = { candidateCookie, jobs: JOB_COUNT, serialQueryMs, plan };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
