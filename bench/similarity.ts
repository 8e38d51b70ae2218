/**
 * Similarity check (issue 21 item 2): how long checking one new submission takes against
 * 1,000 earlier submissions of the same template, each a 500-line project. The earlier
 * ones are fingerprinted up front and stored as checked; then BENCH_SIMILARITY_NEW (10) new
 * submissions are each checked by the server's own checkSubmission (load the files, winnow,
 * read every other submission's fingerprints, compare, store the matches both ways), on an
 * embedded database of its own. Budget: 2 s per new submission.
 *
 * The projects: 25 functions of 20 lines each, drawn from a pool of 120 function shapes
 * with random names and numbers (seeded), so submissions share parts the way classmates'
 * solutions do, and every new one has matches to write.
 *
 * Environment: BENCH_SIMILARITY_SUBMISSIONS (1000), BENCH_SIMILARITY_NEW (10).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { toIsoDate } from '../src/domain/assessments';
import { submissionHashes } from '../src/domain/similarity';
import { createAccount } from '../src/server/auth/users';
import { openDatabase } from '../src/server/db/client';
import {
  assessment,
  assessmentTemplate,
  candidateFile,
  submissionFingerprint,
} from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { checkSubmission } from '../src/server/features/similarity/similarity.service';
import { createTemplate } from '../src/server/features/templates/templates.service';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';
import { type Metric, metric } from './lib/report';

export const stage = 'similarity';
const FILE = 'solution.ts';

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ['+', '-', '*', '%', '<', '>', '===', '!=='];
/** One of 120 function shapes, 20 lines, with this submission's names and numbers. */
function fn(shape: number, rnd: () => number): string {
  const name = (p: string) => `${p}${Math.floor(rnd() * 1000)}`;
  const shapeRnd = random(shape * 7919);
  const lines = [`export function ${name('f')}(${name('a')}: number[], ${name('b')}: number) {`];
  for (let i = 0; i < 18; i++) {
    const op = OPS[Math.floor(shapeRnd() * OPS.length)];
    const kind = Math.floor(shapeRnd() * 4);
    const v = name('v');
    if (kind === 0) lines.push(`  const ${v} = ${name('x')} ${op} ${Math.floor(rnd() * 100)};`);
    else if (kind === 1) lines.push(`  if (${name('x')} ${op} ${name('y')}) return ${v};`);
    else if (kind === 2)
      lines.push(`  for (const ${v} of ${name('list')}) ${name('acc')}.push(${v});`);
    else lines.push(`  ${name('obj')}.${name('k')} = [${v}, "${name('s')}"].join(',');`);
  }
  lines.push('}');
  return lines.join('\n');
}

function project(seed: number): string {
  const rnd = random(seed);
  return Array.from({ length: 25 }, () => fn(Math.floor(rnd() * 120), rnd)).join('\n');
}

export async function run(): Promise<{ metrics: Metric[]; details?: unknown }> {
  const count = Number(process.env.BENCH_SIMILARITY_SUBMISSIONS ?? 1000);
  const fresh = Number(process.env.BENCH_SIMILARITY_NEW ?? 10);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'talentforge-bench-similarity-'));
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
    const account = async (role: 'admin' | 'recruiter' | 'candidate') => {
      const created = await createAccount(services.auth, {
        email: `bench-similarity-${role}@example.com`,
        password: 'bench-password-1',
        name: `Bench ${role}`,
        role,
      });
      return { id: created.id, email: created.email, name: created.name, role };
    };
    const admin = await account('admin');
    const recruiter = await account('recruiter');
    const candidate = await account('candidate');
    const starterText = '// Write your solution here\nexport {};\n';
    const template = await createTemplate(
      { db, bus: services.bus, mailer: services.mailer },
      admin,
      {
        title: 'Similarity bench',
        roleName: 'Developer',
        tasks: [],
        project: {
          name: 'bench',
          branch: 'main',
          context: '',
          ticket: '',
          files: [{ path: FILE, content: starterText }],
        },
      },
    );
    const [templateRow] = await db
      .select()
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, template.id));
    const starter = [{ path: FILE, content: starterText }];
    const insertSubmission = async (i: number, checked: boolean) => {
      const id = `assessment_bench_${i}`;
      const content = project(i + 1);
      await db.insert(assessment).values({
        id,
        templateId: template.id,
        title: templateRow!.title,
        roleName: templateRow!.roleName,
        candidateId: candidate.id,
        candidateName: `Candidate ${i}`,
        recruiterId: recruiter.id,
        recruiterName: recruiter.name,
        status: 'completed',
        durationHours: 2,
        project: templateRow!.project,
        dueDate: toIsoDate(new Date()),
        completedDate: new Date(),
      });
      await db.insert(candidateFile).values({
        assessmentId: id,
        fileName: FILE,
        candidateId: candidate.id,
        content,
        editedAt: 1,
      });
      const hashes = checked ? submissionHashes([{ path: FILE, content }], starter) : null;
      await db.insert(submissionFingerprint).values({
        assessmentId: id,
        templateId: template.id,
        status: checked ? 'done' : 'queued',
        hashes,
        total: hashes?.length ?? 0,
      });
      return id;
    };
    const setupStart = performance.now();
    for (let i = 0; i < count; i++) await insertSubmission(i, true);
    const setupMs = performance.now() - setupStart;
    const times: number[] = [];
    for (let i = 0; i < fresh; i++) {
      const id = await insertSubmission(count + i, false);
      const started = performance.now();
      await checkSubmission(db, id);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const max = times.at(-1)!;
    const lines = project(1).split('\n').length;
    return {
      metrics: [
        metric(stage, `check one new submission against ${count} (p50)`, Math.round(p50), 'ms', {
          limit: 2000,
          kind: 'max',
        }),
        metric(stage, `check one new submission against ${count} (max)`, Math.round(max), 'ms', {
          limit: 2000,
          kind: 'max',
        }),
      ],
      details: { count, fresh, linesPerSubmission: lines, timesMs: times, setupMs },
    };
  } finally {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
