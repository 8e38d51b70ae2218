import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { storedFileName } from '../../../domain/file-names';
import {
  type applyInputSchema,
  type CandidateApplication,
  JOB_TEXTS,
  mayWithdraw,
} from '../../../domain/jobs';
import { resumeRefusal } from '../../../domain/resumes';
import { applicationEvent, jobApplication, recruiterAssignment } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { write } from '../../lib/unit-of-work';
import { assertLimitOpen, consumeLimit } from '../../lib/usage-limit';
import { cancelInterviewsOf } from '../interviews/interviews.service';
import { type JobsDeps, publishApplications } from './jobs-deps';
import {
  applicationRows,
  candidateApplications,
  isOpen,
  loadJobRow,
  RESUME_FALLBACK_NAME,
} from './read-models';

// A candidate's applications: apply (with a résumé), withdraw, My Applications, the résumé file.

export const resumeKey = (applicationId: string) => `resumes/${applicationId}`;

export async function applyToJob(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
  input: z.output<typeof applyInputSchema>,
  resume: { name: string; bytes: Uint8Array } | null,
): Promise<CandidateApplication> {
  if (actor.role !== 'candidate') throw forbidden('Only candidates can apply to jobs');
  const row = await loadJobRow(deps.db, jobId);
  if (row.status === 'draft') throw notFound(JOB_TEXTS.jobNotFound);
  if (!isOpen(row)) throw new AppError(400, JOB_TEXTS.notOpen);
  const [existing] = await deps.db
    .select({ id: jobApplication.id })
    .from(jobApplication)
    .where(and(eq(jobApplication.jobId, jobId), eq(jobApplication.candidateId, actor.id)));
  if (existing) throw new AppError(409, JOB_TEXTS.alreadyApplied);
  if (resume) {
    const refusal = resumeRefusal({
      size: resume.bytes.byteLength,
      name: resume.name,
      head: resume.bytes,
    });
    // The domain's rule, each refusal with its own status (the texts are the domain's too).
    if (refusal === 'too-large') throw new AppError(413, JOB_TEXTS.resumeTooLarge);
    if (refusal === 'not-pdf') throw new AppError(415, JOB_TEXTS.resumePdf);
  }
  const limitKey = `application:${actor.id}`;
  // Refused before the résumé is stored; counted (for real) with the application it allows.
  if (deps.limits) {
    await assertLimitOpen(deps.db, limitKey, deps.limits.applications, 'wait-applications');
  }
  const id = newId();
  if (resume) {
    await deps.storage.put(resumeKey(id), { bytes: resume.bytes, contentType: 'application/pdf' });
  }
  try {
    await write(deps, async (w) => {
      const { tx } = w;
      if (deps.limits) {
        await consumeLimit(tx, limitKey, deps.limits.applications, 'wait-applications');
      }
      await tx.insert(jobApplication).values({
        id,
        jobId,
        candidateId: actor.id,
        coverLetter: input.coverLetter,
        resumeKey: resume ? resumeKey(id) : null,
        resumeName: resume ? storedFileName(resume.name, RESUME_FALLBACK_NAME) : null,
      });
      await tx.insert(applicationEvent).values({
        id: newId(),
        applicationId: id,
        fromStage: null,
        toStage: 'applied',
        actorId: actor.id,
        actorName: actor.name,
      });
      // The job's recruiter becomes one the candidate may message (messaging's rule).
      await tx
        .insert(recruiterAssignment)
        .values({ candidateId: actor.id, recruiterId: row.recruiterId })
        .onConflictDoNothing();
      publishApplications(w, [{ id, jobId, candidateId: actor.id, recruiterId: row.recruiterId }]);
    });
  } catch (error) {
    // No application, no résumé: a refused or failed one leaves no file behind.
    if (resume) await deps.storage.remove(resumeKey(id)).catch(() => false);
    if (isUniqueViolation(error)) throw new AppError(409, JOB_TEXTS.alreadyApplied);
    throw error;
  }
  if (resume) deps.onResumeStored?.(id);
  const [created] = await candidateApplications(deps.db, actor, eq(jobApplication.id, id));
  return created!;
}

/** My Applications: the candidate's own, newest first, each with its timeline. */
export async function listMyApplications(
  deps: JobsDeps,
  actor: Actor,
): Promise<CandidateApplication[]> {
  if (actor.role !== 'candidate') throw forbidden('Only candidates have applications');
  return candidateApplications(deps.db, actor, undefined);
}

export async function withdrawApplication(
  deps: JobsDeps,
  actor: Actor,
  id: string,
): Promise<CandidateApplication> {
  if (actor.role !== 'candidate') throw forbidden('Only the candidate can withdraw');
  const [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
  if (!row || row.a.candidateId !== actor.id) throw notFound(JOB_TEXTS.applicationNotFound);
  if (!mayWithdraw(row.a.stage)) throw new AppError(400, JOB_TEXTS.cannotWithdraw);
  await write(deps, async (w) => {
    const { tx } = w;
    await tx.update(jobApplication).set({ stage: 'withdrawn' }).where(eq(jobApplication.id, id));
    await tx.insert(applicationEvent).values({
      id: newId(),
      applicationId: id,
      fromStage: row.a.stage,
      toStage: 'withdrawn',
      actorId: actor.id,
      actorName: actor.name,
    });
    // Its interview under way is called off (calendar cancellations to everyone).
    await cancelInterviewsOf(w, deps, [id], 'The candidate withdrew the application');
    publishApplications(w, [
      { id, jobId: row.a.jobId, candidateId: actor.id, recruiterId: row.recruiterId },
    ]);
  });
  const [updated] = await candidateApplications(deps.db, actor, eq(jobApplication.id, id));
  return updated!;
}

/** The résumé PDF: the candidate, the job's owner, admins. */
export async function getResume(deps: JobsDeps, actor: Actor, id: string) {
  const [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
  const allowed =
    row &&
    (actor.role === 'admin' ||
      (actor.role === 'candidate' && row.a.candidateId === actor.id) ||
      (actor.role === 'recruiter' && row.recruiterId === actor.id));
  if (!row || !allowed) throw notFound(JOB_TEXTS.applicationNotFound);
  const stored = row.a.resumeKey ? await deps.storage.open(row.a.resumeKey) : null;
  if (!stored) throw notFound('No résumé was uploaded');
  return { ...stored, fileName: storedFileName(row.a.resumeName ?? '', RESUME_FALLBACK_NAME) };
}
