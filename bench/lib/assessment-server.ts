/**
 * Child process of the `assessments` bench stage (bench/assessments.ts), run as
 *
 *   node --import tsx bench/lib/assessment-server.ts   (env PORT_APP, PORT_BARE, DATA_DIR)
 *
 * The embedded database (PGlite) allows one process, so the real app and the bare
 * comparison routes share this one: the real app (createServices, as main.ts builds
 * it) on PORT_APP, and a bare Hono app on PORT_BARE (no session, no validation, no
 * error mapping) whose routes run the same single statement as the real ones on the
 * same database. Seeds an admin, a recruiter, a candidate with ASSESSMENT_COUNT
 * assessments, signs the candidate in, then prints one JSON line on stdout:
 * {"candidateCookie", "assessmentId", "fileName", ...}. SIGTERM/SIGINT stop it.
 */

import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { toIsoDate } from '../../src/domain/assessments';
import { emptyProfileDetails } from '../../src/domain/profile';
import { createAccount } from '../../src/server/auth/users';
import { assessment, candidateFile, profile, user } from '../../src/server/db/schema';
import {
  assignAssessment,
  startAssessment,
} from '../../src/server/features/assessments/assessments.service';
import { createTemplate } from '../../src/server/features/templates/templates.service';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { childEnv, listen, required, stopOnSignal } from './child-server';

const ASSESSMENT_COUNT = 20;
const FILE_NAME = 'auth.service.ts';
const SERIAL_RUNS = 200;

export interface AssessmentServerReady {
  candidateCookie: string;
  candidateId: string;
  /** The newest assessment (started) and its main file. */
  assessmentId: string;
  fileName: string;
  /** Every assessment of the candidate and the project's file names, for spreading saves. */
  assessmentIds: string[];
  fileNames: string[];
  assessments: number;
  /**
   * Mean ms of each part of the real routes run alone, one call at a time, in this
   * process (no HTTP): better-auth's getSession, the list statement, the row saveFile
   * loads first (loadForCandidateWork), the file upsert.
   */
  serialMs: { sessionLookup: number; listQuery: number; assessmentRow: number; fileUpsert: number };
}

async function main() {
  const portApp = Number(required('PORT_APP'));
  const portBare = Number(required('PORT_BARE'));
  const appUrl = `http://localhost:${portApp}`;
  const env = childEnv(portApp);
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;

  // --- seed, through the services (as scripts/seed-demo.ts does) -----------------------
  const suffix = randomUUID().slice(0, 8);
  const password = `bench-password-${suffix}`;
  const account = async (role: 'admin' | 'recruiter' | 'candidate', name: string) => {
    const email = `bench-${role}-${suffix}@example.com`;
    const created = await createAccount(services.auth, { email, password, name, role });
    return { id: created.id, email, name, role };
  };
  const admin = await account('admin', 'Bench Admin');
  const recruiter = await account('recruiter', 'Bench Recruiter');
  const candidate = await account('candidate', 'Bench Candidate');
  await db
    .insert(profile)
    .values({
      userId: candidate.id,
      details: { ...emptyProfileDetails(), phone: '+44 20 7946 0000' },
    })
    .onConflictDoNothing();

  const template = await createTemplate({ db, bus: services.bus, mailer: services.mailer }, admin, {
    title: 'Password policy for the auth service',
    roleName: 'Full Stack Developer',
    description: 'Add a password policy to registration in a small Express + TypeScript service.',
    tasks: [
      { title: 'Implement the password rule', description: 'validatePassword', type: 'code' },
      { title: 'Cover it with tests', description: 'auth.test.ts', type: 'code' },
      { title: 'Explain your approach', description: 'Trade-offs.', type: 'text' },
    ],
  });
  const deps = { db, bus: services.bus, mailer: services.mailer, appUrl };
  const assessmentIds: string[] = [];
  let fileNames: string[] = [];
  for (let i = 0; i < ASSESSMENT_COUNT; i++) {
    const assigned = await assignAssessment(deps, recruiter, {
      templateId: template.id,
      candidateId: candidate.id,
      dueDate: toIsoDate(new Date(Date.now() + (i + 1) * 86_400_000)),
      message: `Assessment ${i + 1}: looking forward to seeing how you approach this.`,
    });
    assessmentIds.push(assigned.id);
    fileNames = assigned.project.fileNames;
  }
  const assessmentId = assessmentIds.at(-1)!;
  // The newest one is the one being worked on.
  await startAssessment(deps, candidate, assessmentId);

  // --- the real app and the bare one -------------------------------------------------
  const bare = new Hono();
  // The statement listAssessments runs for a candidate (selectAssessments), and the same
  // trimming of the project (file names, not contents), so both answer alike.
  const listRows = () =>
    db
      .select({ row: assessment, email: user.email, details: profile.details })
      .from(assessment)
      .innerJoin(user, eq(user.id, assessment.candidateId))
      .leftJoin(profile, eq(profile.userId, assessment.candidateId))
      .where(eq(assessment.candidateId, candidate.id))
      .orderBy(desc(assessment.createdAt));
  bare.get('/bare/assessments', async (c) => {
    const rows = await listRows();
    return c.json(
      rows.map(({ row, email, details }) => {
        const { files, ...project } = row.project;
        return {
          ...row,
          candidateEmail: email,
          candidatePhone: details?.phone ?? '',
          project: { ...project, fileNames: files.map((f) => f.path) },
        };
      }),
    );
  });
  // The upsert saveFile runs (without its preceding assessment lookup). PUT /bare/file saves
  // the main file of the newest assessment; the longer path names the assessment and file.
  const upsert = (id: string, fileName: string, content: string, editedAt: number) =>
    db
      .insert(candidateFile)
      .values({ assessmentId: id, fileName, candidateId: candidate.id, content, editedAt })
      .onConflictDoUpdate({
        target: [candidateFile.assessmentId, candidateFile.fileName],
        set: { content, editedAt, updatedAt: new Date() },
        setWhere: sql`${candidateFile.editedAt} <= ${editedAt}`,
      })
      .returning();
  const saveFile = async (c: Context, id: string, fileName: string) => {
    const { content, editedAt } = await c.req.json<{ content: string; editedAt: number }>();
    const [saved] = await upsert(id, fileName, content, editedAt);
    if (!saved) return c.json({ message: 'A newer version of this file is already saved' }, 409);
    return c.json({
      fileName,
      content: saved.content,
      editedAt: saved.editedAt,
      updatedAt: saved.updatedAt.toISOString(),
    });
  };
  bare.put('/bare/file', (c) => saveFile(c, assessmentId, FILE_NAME));
  bare.put('/bare/assessments/:id/files/:fileName', (c) =>
    saveFile(c, c.req.param('id'), c.req.param('fileName')),
  );

  const servers = await Promise.all([
    listen(services.app.fetch, portApp),
    listen(bare.fetch, portBare),
  ]);

  stopOnSignal(servers, services);

  // --- the candidate's session ---------------------------------------------------------
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
  if (!candidateCookie) throw new Error('sign-in answered without a Set-Cookie header');

  // --- what each part costs alone, one at a time (no concurrency) ----------------------
  const headers = new Headers({ cookie: candidateCookie });
  const content = `${'x'.repeat(60)}\n`.repeat(50);
  let editedAt = 0; // small: the bench's own saves (Date.now()) come later and win
  const parts: Record<keyof AssessmentServerReady['serialMs'], () => Promise<unknown>> = {
    sessionLookup: () => services.auth.api.getSession({ headers }),
    listQuery: () => listRows(),
    assessmentRow: () => db.select().from(assessment).where(eq(assessment.id, assessmentId)),
    fileUpsert: () => upsert(assessmentId, FILE_NAME, content, ++editedAt),
  };
  const serialMs = {} as AssessmentServerReady['serialMs'];
  for (const [name, run] of Object.entries(parts) as [
    keyof typeof parts,
    () => Promise<unknown>,
  ][]) {
    for (let i = 0; i < 20; i++) await run(); // warm-up
    const started = performance.now();
    for (let i = 0; i < SERIAL_RUNS; i++) await run();
    serialMs[name] = Number(((performance.now() - started) / SERIAL_RUNS).toFixed(2));
  }

  const ready: AssessmentServerReady = {
    candidateCookie,
    candidateId: candidate.id,
    assessmentId,
    fileName: FILE_NAME,
    assessmentIds,
    fileNames,
    assessments: ASSESSMENT_COUNT,
    serialMs,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
