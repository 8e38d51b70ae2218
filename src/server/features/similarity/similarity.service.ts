import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SampleProject } from '../../../domain/assessments';
import { identityHiddenFrom, pseudonym } from '../../../domain/blind-review';
import {
  matchRegions,
  percentOf,
  type SourceFile,
  sharedCount,
  submissionHashes,
} from '../../../domain/similarity';
import type { SimilarityReport } from '../../../domain/similarity-api';
import type { Db, Tx } from '../../db/client';
import {
  assessment,
  assessmentTemplate,
  candidateFile,
  similarityMatch,
  submissionFingerprint,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Logger } from '../../lib/logger';

/** Matches listed per submission in the reviewer's details. */
export const TOP_MATCHES = 5;

/** Queues the check of a submission, in the transaction that submits it. */
export async function queueSimilarity(tx: Tx, assessmentId: string, templateId: string | null) {
  await tx
    .insert(submissionFingerprint)
    .values({ assessmentId, templateId, status: 'queued' })
    .onConflictDoNothing();
}

type AccessRow = {
  id: string;
  recruiterId: string;
  candidateId: string | null;
  candidateName: string;
  blindReview: boolean;
  identityRevealedAt: Date | null;
  templateId: string | null;
};

async function loadAccess(db: Db, id: string): Promise<AccessRow | undefined> {
  const [row] = await db
    .select({
      id: assessment.id,
      recruiterId: assessment.recruiterId,
      candidateId: assessment.candidateId,
      candidateName: assessment.candidateName,
      blindReview: assessment.blindReview,
      identityRevealedAt: assessment.identityRevealedAt,
      templateId: assessment.templateId,
    })
    .from(assessment)
    .where(eq(assessment.id, id));
  return row;
}

/** Only reviewers: the assigning recruiter and admins. Candidates never see it. */
async function loadForReviewer(db: Db, actor: Actor, id: string): Promise<AccessRow> {
  const row = await loadAccess(db, id);
  if (!row) throw notFound('Assessment not found');
  const reviewer =
    actor.role === 'admin' || (actor.role === 'recruiter' && row.recruiterId === actor.id);
  if (!reviewer) throw forbidden('Only the reviewer of this assessment sees its similarity check');
  return row;
}

/** The name this viewer may see for an assessment (blind review and ownership respected). */
function nameFor(actor: Actor, row: AccessRow): string {
  if (actor.role === 'admin') return row.candidateName;
  if (row.recruiterId !== actor.id) return pseudonym(row.id);
  return identityHiddenFrom(actor, row) ? pseudonym(row.id) : row.candidateName;
}

/** The submitted files (the candidate's text over the project's) and the starter project. */
async function submissionFiles(
  db: Db,
  id: string,
): Promise<{ files: SourceFile[]; starter: SourceFile[] }> {
  const [row] = await db
    .select({ project: assessment.project })
    .from(assessment)
    .where(eq(assessment.id, id));
  if (!row) return { files: [], starter: [] };
  const project = row.project as SampleProject;
  const saved = await db
    .select({ fileName: candidateFile.fileName, content: candidateFile.content })
    .from(candidateFile)
    .where(eq(candidateFile.assessmentId, id));
  const own = new Map(saved.map((f) => [f.fileName, f.content]));
  const starter = project.files.map((f) => ({ path: f.path, content: f.content }));
  return {
    starter,
    files: starter.map((f) => ({ path: f.path, content: own.get(f.path) ?? f.content })),
  };
}

/**
 * Fingerprints one submission and compares it with every checked submission of the same
 * template, storing the matches both ways. Off the request path (the worker calls it).
 */
export async function checkSubmission(db: Db, assessmentId: string): Promise<number> {
  const access = await loadAccess(db, assessmentId);
  if (!access) return 0;
  const { files, starter } = await submissionFiles(db, assessmentId);
  const hashes = submissionHashes(files, starter);
  const others = access.templateId
    ? await db
        .select({ id: submissionFingerprint.assessmentId, hashes: submissionFingerprint.hashes })
        .from(submissionFingerprint)
        .where(
          and(
            eq(submissionFingerprint.templateId, access.templateId),
            eq(submissionFingerprint.status, 'done'),
            ne(submissionFingerprint.assessmentId, assessmentId),
          ),
        )
    : [];
  const rows: (typeof similarityMatch.$inferInsert)[] = [];
  for (const other of others) {
    const theirs = other.hashes ?? [];
    const shared = sharedCount(hashes, theirs);
    if (shared === 0) continue;
    rows.push({
      assessmentId,
      otherId: other.id,
      shared,
      percent: percentOf(shared, hashes.length),
    });
    rows.push({
      assessmentId: other.id,
      otherId: assessmentId,
      shared,
      percent: percentOf(shared, theirs.length),
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(similarityMatch)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [similarityMatch.assessmentId, similarityMatch.otherId],
          set: {
            shared: sql`excluded.shared`,
            percent: sql`excluded.percent`,
          },
        });
    }
    await tx
      .update(submissionFingerprint)
      .set({ hashes, total: hashes.length, status: 'done', checkedAt: new Date() })
      .where(eq(submissionFingerprint.assessmentId, assessmentId));
  });
  return others.length;
}

/** Checks queued submissions, oldest first; answers how many were checked. */
export async function checkQueued(db: Db, logger: Logger, limit = 20): Promise<number> {
  const queued = await db
    .select({ id: submissionFingerprint.assessmentId })
    .from(submissionFingerprint)
    .where(eq(submissionFingerprint.status, 'queued'))
    .orderBy(submissionFingerprint.createdAt)
    .limit(limit);
  for (const { id } of queued) {
    try {
      await checkSubmission(db, id);
    } catch (err) {
      logger.error({ err, assessmentId: id }, 'similarity check failed');
      await db
        .update(submissionFingerprint)
        .set({ status: 'failed', checkedAt: new Date() })
        .where(eq(submissionFingerprint.assessmentId, id));
    }
  }
  return queued.length;
}

/** The reviewer's similarity section: status, the template's threshold, the top matches. */
export async function getSimilarity(db: Db, actor: Actor, id: string): Promise<SimilarityReport> {
  const row = await loadForReviewer(db, actor, id);
  const [state] = await db
    .select({ status: submissionFingerprint.status })
    .from(submissionFingerprint)
    .where(eq(submissionFingerprint.assessmentId, id));
  const [template] = row.templateId
    ? await db
        .select({ threshold: assessmentTemplate.similarityThreshold })
        .from(assessmentTemplate)
        .where(eq(assessmentTemplate.id, row.templateId))
    : [];
  const threshold = template?.threshold ?? 50;
  const found = await db
    .select({ otherId: similarityMatch.otherId, percent: similarityMatch.percent })
    .from(similarityMatch)
    .where(eq(similarityMatch.assessmentId, id))
    .orderBy(desc(similarityMatch.percent), similarityMatch.otherId)
    .limit(TOP_MATCHES);
  const matches = [];
  for (const m of found) {
    const other = await loadAccess(db, m.otherId);
    if (!other) continue;
    const [back] = await db
      .select({ percent: similarityMatch.percent })
      .from(similarityMatch)
      .where(and(eq(similarityMatch.assessmentId, m.otherId), eq(similarityMatch.otherId, id)));
    matches.push({
      assessmentId: m.otherId,
      candidateName: nameFor(actor, other),
      percent: m.percent,
      otherPercent: back?.percent ?? 0,
      otherRecruiter: other.recruiterId !== row.recruiterId,
    });
  }
  return {
    status: state?.status ?? 'none',
    threshold,
    flagged: matches.some((m) => m.percent >= threshold),
    matches,
  };
}

/** Both submissions' files with the matching regions, for the side-by-side view. */
export async function getSideBySide(db: Db, actor: Actor, id: string, otherId: string) {
  const row = await loadForReviewer(db, actor, id);
  const [match] = await db
    .select({ percent: similarityMatch.percent })
    .from(similarityMatch)
    .where(and(eq(similarityMatch.assessmentId, id), eq(similarityMatch.otherId, otherId)));
  const other = match ? await loadAccess(db, otherId) : undefined;
  if (!match || !other) throw notFound('No match between these submissions');
  const mine = await submissionFiles(db, id);
  const theirs = await submissionFiles(db, otherId);
  const regions = matchRegions(mine.files, theirs.files, mine.starter);
  const touched = (list: { path: string }[]) => new Set(list.map((r) => r.path));
  const shownLeft = touched(regions.a);
  const shownRight = touched(regions.b);
  return {
    percent: match.percent,
    left: {
      assessmentId: id,
      candidateName: nameFor(actor, row),
      files: mine.files.filter((f) => shownLeft.has(f.path)),
      regions: regions.a,
    },
    right: {
      assessmentId: otherId,
      candidateName: nameFor(actor, other),
      files: theirs.files.filter((f) => shownRight.has(f.path)),
      regions: regions.b,
    },
  };
}
