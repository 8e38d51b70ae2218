import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type Application,
  type ApplicationDetail,
  JOB_TEXTS,
  type moveInputSchema,
  type Stage,
} from '../../../domain/jobs';
import { applicationEvent, applicationNote, jobApplication } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { write } from '../../lib/unit-of-work';
import { recipientLanguages } from '../../mail/recipient-language';
import { assign } from '../assessments/assessments.service';
import { cancelInterviewsOf } from '../interviews/interviews.service';
import { auditAdmin, type JobsDeps, publishApplications, publishJob } from './jobs-deps';
import { stageMail } from './mails';
import {
  type ApplicationRow,
  applicationRows,
  historyOf,
  loadManageable,
  loadManageableApplication,
  selectApplications,
  toApplication,
} from './read-models';

// The pipeline of a job: its applications, one application's detail and notes, moving them.

/** The pipeline of one job (its owner or an admin). */
export async function listJobApplications(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
): Promise<Application[]> {
  await loadManageable(deps.db, actor, jobId);
  return selectApplications(deps.db, actor, eq(jobApplication.jobId, jobId));
}

/** One application with its history and notes; the owner's first look marks it seen. */
export async function getApplication(
  deps: JobsDeps,
  actor: Actor,
  id: string,
): Promise<ApplicationDetail> {
  let row: ApplicationRow | undefined = await loadManageableApplication(deps.db, actor, id);
  if (row.a.seenAt === null && actor.id === row.recruiterId) {
    const seen = { id: row.a.jobId, recruiterId: row.recruiterId };
    await write(deps, async (w) => {
      await w.tx
        .update(jobApplication)
        .set({ seenAt: new Date() })
        .where(and(eq(jobApplication.id, id), isNull(jobApplication.seenAt)));
      // The job's count of new applications changed.
      publishJob(w, seen);
    });
    [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
  }
  const history = await historyOf(deps.db, [id]);
  const notes = await deps.db
    .select()
    .from(applicationNote)
    .where(eq(applicationNote.applicationId, id))
    .orderBy(asc(applicationNote.createdAt), asc(applicationNote.id));
  return {
    ...toApplication(row!, actor),
    history: history.get(id) ?? [],
    notes: notes.map((n) => ({
      id: n.id,
      authorId: n.authorId,
      authorName: n.authorName,
      body: n.body,
      at: n.createdAt.toISOString(),
    })),
  };
}

export async function addNote(
  deps: JobsDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<ApplicationDetail> {
  const row = await loadManageableApplication(deps.db, actor, id);
  await write(deps, async (w) => {
    const noteId = newId();
    await w.tx.insert(applicationNote).values({
      id: noteId,
      applicationId: id,
      authorId: actor.id,
      authorName: actor.name,
      body,
    });
    await auditAdmin(w, actor, {
      action: 'application.note',
      targetType: 'application',
      targetId: id,
      after: { noteId, jobId: row.a.jobId },
    });
    publishApplications(w, [
      { id, jobId: row.a.jobId, candidateId: row.a.candidateId, recruiterId: row.recruiterId },
    ]);
  });
  return getApplication(deps, actor, id);
}

/**
 * Moves one or several applications of one job to a stage. Every application
 * is checked before anything changes; moving to Assessment assigns the chosen
 * template through the assessments' own assign flow and links the assessment.
 * The candidates get a mail (the assessment's invitation on that stage) and a
 * live update.
 */
export async function moveApplications(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
  input: z.output<typeof moveInputSchema>,
): Promise<{ moved: number }> {
  const jobRow = await loadManageable(deps.db, actor, jobId);
  const ids = [...new Set(input.applicationIds)];
  const rows = await applicationRows(deps.db, inArray(jobApplication.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.a.jobId !== jobId)) {
    throw notFound(JOB_TEXTS.applicationNotFound);
  }
  if (rows.some((r) => r.a.stage === 'withdrawn')) throw new AppError(400, JOB_TEXTS.withdrawn);
  const to = input.stage as Stage;
  const moving = rows.filter((r) => r.a.stage !== to);
  if (moving.length === 0) return { moved: 0 };

  const eventFor = (r: ApplicationRow) => ({
    id: newId(),
    applicationId: r.a.id,
    fromStage: r.a.stage,
    toStage: to,
    actorId: actor.id,
    actorName: actor.name,
    reason: to === 'rejected' ? (input.reason ?? null) : null,
  });

  if (to === 'assessment' && actor.role !== 'recruiter') {
    throw forbidden("Only the job's recruiter can assign an assessment");
  }
  const languageOf =
    to === 'assessment'
      ? undefined
      : await recipientLanguages(
          deps.db,
          moving.map((r) => r.a.candidateId),
        );
  // Every application moves in one transaction: all of them or none.
  await write(deps, async (w) => {
    const { tx } = w;
    if (to === 'assessment') {
      const plan = input.assessment!;
      for (const r of moving) {
        const assessmentId = await assign(
          deps,
          actor,
          {
            templateId: plan.templateId,
            candidateId: r.a.candidateId,
            dueDate: plan.dueDate,
            message: plan.message,
          },
          w,
        );
        await tx
          .update(jobApplication)
          .set({ stage: to, assessmentId, rejectionReason: null })
          .where(eq(jobApplication.id, r.a.id));
        await tx.insert(applicationEvent).values(eventFor(r));
      }
    } else {
      await tx
        .update(jobApplication)
        .set({ stage: to, rejectionReason: to === 'rejected' ? (input.reason ?? null) : null })
        .where(
          and(
            inArray(
              jobApplication.id,
              moving.map((r) => r.a.id),
            ),
            ne(jobApplication.stage, 'withdrawn'),
          ),
        );
      await tx.insert(applicationEvent).values(moving.map(eventFor));
      await auditAdmin(w, actor, {
        action: 'application.move',
        targetType: 'job',
        targetId: jobId,
        before: moving.map((r) => ({ applicationId: r.a.id, stage: r.a.stage })),
        after: { stage: to, reason: to === 'rejected' ? (input.reason ?? null) : null },
      });
      await w.mails(
        moving.map((r) =>
          stageMail({
            to: r.candidateEmail,
            language: languageOf!(r.a.candidateId),
            candidateName: r.candidateName,
            jobTitle: r.jobTitle,
            companyName: r.companyName,
            stage: to,
            url: `${deps.appUrl}/candidate/applications`,
          }),
        ),
      );
      // A rejected application's interview under way is called off.
      if (to === 'rejected') {
        await cancelInterviewsOf(
          w,
          deps,
          moving.map((r) => r.a.id),
          'The application is no longer under consideration',
        );
      }
    }
    publishApplications(
      w,
      moving.map((r) => ({
        id: r.a.id,
        jobId,
        candidateId: r.a.candidateId,
        recruiterId: jobRow.recruiterId,
      })),
    );
  });
  return { moved: moving.length };
}
