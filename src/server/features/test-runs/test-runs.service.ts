import { and, desc, eq, sql } from 'drizzle-orm';
import { ASSESSMENT_TEXTS, type SampleProject } from '../../../domain/assessments';
import { identityHiddenFrom, pseudonym } from '../../../domain/blind-review';
import { storedFileName } from '../../../domain/file-names';
import { liveFiles } from '../../../domain/project-paths';
import {
  type ProjectRunner,
  parseRunner,
  projectRunner,
  type RunTrigger,
  TEST_LANGUAGE_LABELS,
  TEST_LANGUAGES,
  TEST_RUN_TEXTS,
  type TestLanguage,
  type TestLanguages,
  type TestRun,
  type TestRunList,
} from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { assessment, assessmentTemplate, candidateFile, testRun } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { type WriteDeps, write } from '../../lib/unit-of-work';
import type { Audience, EventBus } from '../../realtime/event-bus';
import { toolchainMissing } from '../../sandbox/languages';
import type { SandboxFile } from '../../sandbox/runner';
import { parseProjectZip } from './project-zip';

/** Whatever a transaction or the database itself offers for inserts. */
type DbOrTx = Pick<Db, 'insert' | 'select'>;

export interface TestRunDeps extends WriteDeps {
  /** Why runs are refused on this server (no sandbox), or null. */
  unavailableReason: () => string | null;
  /** Wakes this process's queue at once (others poll). */
  kick: () => void;
  /** Why a language's tests cannot run here (its toolchain is missing); the server's own check by default. */
  toolchainMissing?: (language: TestLanguage) => string | null;
}

type RunRow = typeof testRun.$inferSelect;

export function toTestRun(row: RunRow): TestRun {
  return {
    id: row.id,
    assessmentId: row.assessmentId,
    requestedById: row.requestedById,
    requestedByName: row.requestedByName,
    trigger: row.trigger,
    includeHidden: row.includeHidden,
    status: row.status,
    passed: row.passed,
    failed: row.failed,
    skipped: row.skipped,
    failures: row.failures,
    output: row.output,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

interface AssessmentAccess {
  id: string;
  candidateId: string | null;
  recruiterId: string;
  status: string;
  reviewedAt: Date | null;
  runner: ProjectRunner;
  blindReview: boolean;
  identityRevealedAt: Date | null;
}

async function loadAssessment(db: Db, id: string): Promise<AssessmentAccess> {
  const [row] = await db
    .select({
      id: assessment.id,
      candidateId: assessment.candidateId,
      recruiterId: assessment.recruiterId,
      status: assessment.status,
      reviewedAt: assessment.reviewedAt,
      blindReview: assessment.blindReview,
      identityRevealedAt: assessment.identityRevealedAt,
      runner: sql<string>`coalesce(${assessment.project}->>'runner', '')`,
      paths: sql<
        string[]
      >`coalesce((select jsonb_agg(f->>'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb)`,
    })
    .from(assessment)
    .where(eq(assessment.id, id));
  if (!row) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
  const runner = projectRunner({
    runner: parseRunner(row.runner),
    files: row.paths.map((path) => ({ path })),
  });
  return { ...row, runner };
}

/** Why a project of this language cannot run here: no sandbox, or (Python, Go, Java) no toolchain. */
export function unavailableFor(
  deps: Pick<TestRunDeps, 'unavailableReason' | 'toolchainMissing'>,
  runner: ProjectRunner,
): string | null {
  if (runner === 'none') return TEST_RUN_TEXTS.notRunnable;
  return deps.unavailableReason() ?? (deps.toolchainMissing ?? toolchainMissing)(runner);
}

/** Which languages' tests this server runs (staff: the template form shows it beside each starter project). */
export function testLanguages(
  deps: Pick<TestRunDeps, 'unavailableReason' | 'toolchainMissing'>,
  actor: Actor,
): TestLanguages {
  if (actor.role === 'candidate') throw forbidden(ASSESSMENT_TEXTS.noPermission);
  return {
    languages: TEST_LANGUAGES.map((language) => {
      const reason = unavailableFor(deps, language);
      return {
        language,
        label: TEST_LANGUAGE_LABELS[language],
        available: reason === null,
        reason,
      };
    }),
  };
}

/** Reviewers: the recruiter who assigned it and admins. */
const isReviewer = (actor: Actor, row: AssessmentAccess) =>
  actor.role === 'admin' || (actor.role === 'recruiter' && row.recruiterId === actor.id);
const isOwnCandidate = (actor: Actor, row: AssessmentAccess) =>
  actor.role === 'candidate' && row.candidateId === actor.id;

function checkView(actor: Actor, row: AssessmentAccess) {
  if (!isReviewer(actor, row) && !isOwnCandidate(actor, row)) {
    throw forbidden(ASSESSMENT_TEXTS.noPermission);
  }
}

/**
 * A candidate sees only their own runs of the visible tests; runs with the
 * hidden tests (on submit, by a reviewer) are for reviewers only.
 */
export async function listTestRuns(
  deps: TestRunDeps,
  actor: Actor,
  assessmentId: string,
): Promise<TestRunList> {
  const row = await loadAssessment(deps.db, assessmentId);
  checkView(actor, row);
  const rows = await deps.db
    .select()
    .from(testRun)
    .where(
      and(
        eq(testRun.assessmentId, assessmentId),
        isReviewer(actor, row) ? undefined : eq(testRun.includeHidden, false),
      ),
    )
    .orderBy(desc(testRun.createdAt), desc(testRun.id))
    .limit(20);
  const unavailable = row.runner === 'none' ? null : unavailableFor(deps, row.runner);
  const runnable = row.runner !== 'none' && !unavailable;
  return {
    runnable,
    reason: row.runner === 'none' ? TEST_RUN_TEXTS.notRunnable : unavailable,
    runs: rows.map(toTestRun).map((run) =>
      // Blind review (docs/decisions/026): the candidate's own runs carry their name.
      identityHiddenFrom(actor, row) && run.requestedById === row.candidateId
        ? { ...run, requestedById: null, requestedByName: pseudonym(assessmentId) }
        : run,
    ),
  };
}

async function insertRun(
  db: DbOrTx,
  values: {
    assessmentId: string;
    trigger: RunTrigger;
    includeHidden: boolean;
    requestedById: string | null;
    requestedByName: string;
  },
): Promise<RunRow | null> {
  const [row] = await db
    .insert(testRun)
    .values({ id: timestampId('run'), ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * The candidate runs the visible tests of their own assessment while it is in
 * progress; the assigning recruiter and admins run them with the hidden tests.
 * One queued or running run per assessment and trigger (409 otherwise).
 */
export async function requestTestRun(
  deps: TestRunDeps,
  actor: Actor,
  assessmentId: string,
): Promise<TestRun> {
  const row = await loadAssessment(deps.db, assessmentId);
  checkView(actor, row);
  const reviewer = isReviewer(actor, row);
  if (!reviewer) {
    if (row.status !== 'in-progress' || row.reviewedAt) {
      throw new AppError(409, TEST_RUN_TEXTS.onlyInProgress);
    }
  }
  if (row.runner === 'none') throw new AppError(409, TEST_RUN_TEXTS.notRunnable);
  const unavailable = unavailableFor(deps, row.runner);
  if (unavailable) throw new AppError(503, unavailable);
  const run = await write(deps, async (w) => {
    const queued = await insertRun(w.tx, {
      assessmentId,
      trigger: reviewer ? 'reviewer' : 'candidate',
      includeHidden: reviewer,
      requestedById: actor.id,
      requestedByName: actor.name,
    });
    if (!queued) throw new AppError(429, TEST_RUN_TEXTS.alreadyRunning);
    w.publish(runAudience(row), runChanged(row.id, queued.id));
    return queued;
  });
  deps.kick();
  return toTestRun(run);
}

/**
 * Queues one run of the visible and hidden tests with trigger 'submit', inside
 * the caller's transaction if it passes one. Returns the run's id, or null
 * when the project has no tests or a submit run is already waiting. Queue
 * workers poll, so it starts within a second of the commit.
 */
export async function queueSubmissionRun(db: DbOrTx, assessmentId: string): Promise<string | null> {
  const [row] = await db
    .select({
      runner: sql<string>`coalesce(${assessment.project}->>'runner', '')`,
      paths: sql<
        string[]
      >`coalesce((select jsonb_agg(f->>'path') from jsonb_array_elements(${assessment.project}->'files') f), '[]'::jsonb)`,
    })
    .from(assessment)
    .where(eq(assessment.id, assessmentId));
  if (!row) return null;
  const runner = projectRunner({
    runner: parseRunner(row.runner),
    files: row.paths.map((path) => ({ path })),
  });
  if (runner === 'none') return null;
  const run = await insertRun(db, {
    assessmentId,
    trigger: 'submit',
    includeHidden: true,
    requestedById: null,
    requestedByName: 'Submission',
  });
  return run?.id ?? null;
}

/** Who sees an assessment's runs: its candidate, its recruiter and admins. */
const runAudience = (row: Pick<AssessmentAccess, 'candidateId' | 'recruiterId'>): Audience => ({
  userIds: [row.candidateId, row.recruiterId].filter((id): id is string => id !== null),
  roles: ['admin'],
});

const runChanged = (assessmentId: string, runId: string) =>
  ({ type: 'testRun.changed', assessmentId, runId }) as const;

/** For the queue's worker, whose run updates are single statements outside any write(). */
export async function announceRun(
  bus: Pick<EventBus, 'publish'>,
  row: Pick<AssessmentAccess, 'id' | 'candidateId' | 'recruiterId'>,
  runId: string,
) {
  await bus.publish({ audience: runAudience(row), event: runChanged(row.id, runId) });
}

/**
 * The files a run gets: the project's files with the candidate's saved text,
 * plus the hidden tests for a run that includes them (they win on a clash,
 * so a candidate's file cannot replace a hidden test), marked hidden.
 */
export async function filesForRun(
  db: Db,
  assessmentId: string,
  includeHidden: boolean,
): Promise<{
  files: SandboxFile[];
  /** The project as assigned (original text, hidden tests): the trusted list of tests is made from it. */
  reference: SandboxFile[];
  language: ProjectRunner;
  candidateId: string | null;
  recruiterId: string;
} | null> {
  const [row] = await db
    .select({
      project: assessment.project,
      candidateId: assessment.candidateId,
      recruiterId: assessment.recruiterId,
    })
    .from(assessment)
    .where(eq(assessment.id, assessmentId));
  if (!row) return null;
  const project = row.project as SampleProject & { hiddenFiles?: SandboxFile[] };
  const saved = await db
    .select({
      fileName: candidateFile.fileName,
      content: candidateFile.content,
      editedAt: candidateFile.editedAt,
      origin: candidateFile.origin,
      deleted: candidateFile.deleted,
      renamedTo: candidateFile.renamedTo,
    })
    .from(candidateFile)
    .where(eq(candidateFile.assessmentId, assessmentId));
  // The project as the candidate left it: created, renamed and deleted files included (024).
  const files = new Map<string, SandboxFile>();
  for (const file of liveFiles(project.files, saved)) {
    files.set(file.path, { path: file.path, content: file.content });
  }
  // Marked hidden: the runner runs them in a pass of their own (docs/decisions/010).
  if (includeHidden)
    for (const file of project.hiddenFiles ?? []) {
      files.set(file.path, { path: file.path, content: file.content, hidden: true });
    }
  const reference: SandboxFile[] = [
    ...project.files.map((f) => ({ path: f.path, content: f.content })),
    ...(project.hiddenFiles ?? []).map((f) => ({ path: f.path, content: f.content, hidden: true })),
  ];
  return {
    files: [...files.values()],
    reference,
    language: projectRunner(project),
    candidateId: row.candidateId,
    recruiterId: row.recruiterId,
  };
}

/** The template's project from an uploaded zip (admin); assigned assessments keep their copy. */
export async function uploadTemplateProject(
  deps: WriteDeps,
  actor: Actor,
  templateId: string,
  bytes: Uint8Array,
  fileName?: string,
) {
  assertRole(actor, 'admin');
  const name = fileName === undefined ? undefined : storedFileName(fileName, 'project.zip');
  const project = await parseProjectZip(bytes, name?.replace(/\.zip$/i, ''));
  await write(deps, async (w) => {
    const [before] = await w.tx
      .select({ project: assessmentTemplate.project })
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, templateId))
      .for('update');
    if (!before) throw notFound('Assessment template not found');
    await w.tx
      .update(assessmentTemplate)
      .set({ project })
      .where(eq(assessmentTemplate.id, templateId));
    await w.audit({
      actor,
      action: 'template.project-upload',
      targetType: 'template',
      targetId: templateId,
      before: projectSummary(before.project),
      after: projectSummary(project),
    });
    w.publish({ roles: ['admin', 'recruiter'] }, { type: 'templates.changed' });
  });
  return projectSummary(project);
}

export function projectSummary(project: SampleProject) {
  return {
    name: project.name,
    runner: projectRunner(project),
    fileNames: project.files.map((f) => f.path),
    hiddenFileNames: (project.hiddenFiles ?? []).map((f) => f.path),
  };
}
