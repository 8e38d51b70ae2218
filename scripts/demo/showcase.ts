import { and, eq, inArray } from 'drizzle-orm';
import type { Assessment } from '../../src/domain/assessments';
import { toIsoDate } from '../../src/domain/assessments';
import { DEFAULT_PROJECT } from '../../src/domain/sample-project';
import type { TestRun } from '../../src/domain/test-runs';
import { assessment, testRun } from '../../src/server/db/schema';
import { checkQueued } from '../../src/server/features/similarity/similarity.service';
import { createLogger } from '../../src/server/lib/logger';
import { type Session, signIn } from './api';
import { PASSWORD } from './people';
import { actorFor, type DemoIds, type Services } from './shared';
import { DEMO_SUBMISSIONS, type DemoSubmission } from './submissions';
import { typeFile } from './typing';

const MINUTE = 60_000;

export interface ShowcaseResult {
  submitted: number;
  /** Why test runs could not run here (no sandbox), if so. */
  runsUnavailable: string | null;
}

/**
 * The showcase: five candidates (one per language) take the password-policy assessment
 * through the app's own routes, as the workspace would: they open it, type their code (a
 * recorded history with a paste and time away), run the tests, write their answers and
 * submit. Rita scores Priya's and runs the hidden tests on Lena's. The submission runs
 * (visible and hidden tests), the similarity check and the reviewer's run happen as on a
 * server; only the times are moved into the last two hours afterwards, straight in the
 * database, since no route can date work in the past.
 */
export async function seedShowcase(
  services: Services,
  ids: DemoIds,
  templateId: string,
): Promise<ShowcaseResult> {
  const { db } = services.database;
  const rita = await signIn(
    services,
    actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter'),
    PASSWORD,
  );
  const runsUnavailable = services.testRuns.unavailableReason() ?? null;
  const candidateRuns: { id: string; at: number }[] = [];
  const submitted: { id: string; at: number; email: string }[] = [];
  for (const submission of DEMO_SUBMISSIONS) {
    const [name] = submission.email.split('@');
    const who = await signIn(
      services,
      actorFor(ids, submission.email, name!, 'candidate'),
      PASSWORD,
    );
    const work = await takeAssessment(services, rita, who, templateId, submission, runsUnavailable);
    if (work.run) candidateRuns.push(work.run);
    submitted.push({ id: work.assessmentId, at: work.submittedAt, email: submission.email });
  }

  const priya = submitted.find((s) => s.email.startsWith('priya@'))!;
  await rita.call('PUT', `/api/assessments/${priya.id}/evaluation`, {
    score: 88,
    feedback:
      'Clear rule kept as data, tests through register() that check the exact 400 message, and a README section API consumers can use. Next time, add a test for a password of exactly eight characters.',
  });
  const lena = submitted.find((s) => s.email.startsWith('lena@'))!;
  if (!runsUnavailable) await rita.call<TestRun>('POST', `/api/assessments/${lena.id}/test-runs`);

  await checkQueued(db, createLogger('warn'));
  if (!runsUnavailable)
    await waitForRuns(
      services,
      submitted.map((s) => s.id),
    );
  await backdateRuns(services, candidateRuns, submitted);
  return { submitted: submitted.length, runsUnavailable };
}

async function takeAssessment(
  services: Services,
  rita: Session,
  who: Session,
  templateId: string,
  submission: DemoSubmission,
  runsUnavailable: string | null,
) {
  const { db } = services.database;
  const assigned = await rita.call<Assessment>('POST', '/api/assessments', {
    templateId,
    candidateId: who.id,
    dueDate: toIsoDate(new Date(Date.now() + 5 * 86_400_000)),
    message: 'Looking forward to seeing how you approach this.',
  });
  const base = `/api/assessments/${assigned.id}`;
  await who.call('POST', `${base}/start`);
  const startedAt = Date.now() - submission.startedMinutesAgo * MINUTE;
  await db
    .update(assessment)
    .set({ startedAt: new Date(startedAt), createdAt: new Date(startedAt - 26 * 60 * MINUTE) })
    .where(eq(assessment.id, assigned.id));

  // Reads the ticket and the README for a few minutes, then types file by file.
  let clock = startedAt + 4 * MINUTE;
  for (const [i, file] of submission.files.entries()) {
    const original = DEFAULT_PROJECT.files.find((f) => f.path === file.path)!.content;
    const typed = typeFile({
      original,
      final: file.content,
      startAt: clock,
      paste: file.paste,
      away: i === 0 ? submission.away : undefined,
    });
    const path = encodeURIComponent(file.path);
    await who.call('PUT', `${base}/files/${path}`, {
      content: file.content,
      editedAt: typed.endAt,
    });
    await who.call('POST', `${base}/playback/${path}`, { ...typed.upload, sentAt: Date.now() });
    clock = typed.endAt + 2 * MINUTE;
  }
  let run: { id: string; at: number } | undefined;
  if (!runsUnavailable) {
    const queued = await who.call<TestRun>('POST', `${base}/test-runs`);
    run = { id: queued.id, at: clock };
  }
  clock += 3 * MINUTE;
  const { tasks } = await who.call<Assessment>('GET', base);
  for (const task of tasks) {
    if (task.type !== 'text' && task.type !== 'document') continue;
    await who.call('PUT', `${base}/answers/${task.id}`, {
      content: task.type === 'text' ? submission.answers.text : submission.answers.document,
      editedAt: clock,
    });
    clock += 4 * MINUTE;
  }
  await who.call('POST', `${base}/toggle-all`);
  await who.call('POST', `${base}/submit`);
  const submittedAt = Math.min(clock + MINUTE, Date.now() - MINUTE);
  await db
    .update(assessment)
    .set({ completedDate: new Date(submittedAt) })
    .where(eq(assessment.id, assigned.id));
  return { assessmentId: assigned.id, run, submittedAt };
}

/** The queued runs execute in this process's worker (the embedded database's): wait for them. */
async function waitForRuns(services: Services, assessmentIds: string[]) {
  const { db } = services.database;
  const deadline = Date.now() + 3 * MINUTE;
  while (Date.now() < deadline) {
    const pending = await db
      .select({ id: testRun.id })
      .from(testRun)
      .where(
        and(
          inArray(testRun.assessmentId, assessmentIds),
          inArray(testRun.status, ['queued', 'running']),
        ),
      );
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Each run moved to when the candidate asked for it (or to the submission), keeping its length. */
async function backdateRuns(
  services: Services,
  candidateRuns: { id: string; at: number }[],
  submitted: { id: string; at: number }[],
) {
  const { db } = services.database;
  const move = async (id: string, at: number) => {
    const [row] = await db
      .select({ startedAt: testRun.startedAt, finishedAt: testRun.finishedAt })
      .from(testRun)
      .where(eq(testRun.id, id));
    const took =
      row?.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : 0;
    await db
      .update(testRun)
      .set({
        createdAt: new Date(at),
        ...(row?.startedAt ? { startedAt: new Date(at + 800) } : {}),
        ...(row?.finishedAt ? { finishedAt: new Date(at + 800 + took) } : {}),
      })
      .where(eq(testRun.id, id));
  };
  for (const run of candidateRuns) await move(run.id, run.at);
  for (const s of submitted) {
    const runs = await db
      .select({ id: testRun.id })
      .from(testRun)
      .where(and(eq(testRun.assessmentId, s.id), eq(testRun.trigger, 'submit')));
    for (const r of runs) await move(r.id, s.at + 1_000);
  }
}
