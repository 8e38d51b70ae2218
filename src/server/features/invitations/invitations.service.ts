import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { HiringLimits } from '../../../domain/hiring-limits';
import {
  INVITATION_TEXTS,
  type Invitation,
  invitationHref,
  type inviteInputSchema,
} from '../../../domain/invitations';
import { closingDatePassed, JOB_TEXTS } from '../../../domain/jobs';
import type { NotificationItem } from '../../../domain/messaging';
import type { Db } from '../../db/client';
import {
  candidateSearch,
  job,
  jobApplication,
  jobInvitation,
  profile,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type Work, type WriteDeps, write } from '../../lib/unit-of-work';
import { consumeLimit } from '../../lib/usage-limit';
import type { Mailer } from '../../mail/outbox';
import { recipientLanguage } from '../../mail/recipient-language';
import type { EventBus } from '../../realtime/event-bus';
import { invitationMail } from './mails';

export interface InvitationDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /** The hiring abuse limits; the routes always pass them. */
  limits?: Pick<HiringLimits, 'invitationsSent' | 'invitationsReceived'>;
}

type InviteInput = z.output<typeof inviteInputSchema>;

const utcToday = () => new Date().toISOString().slice(0, 10);
const candidate = alias(user, 'candidate');
const recruiterProfile = alias(profile, 'recruiter_profile');
const companyName = sql<string>`coalesce(${recruiterProfile.details}->'company'->>'name', '')`;

function selectInvitations(db: Db, where: SQL | undefined) {
  return db
    .select({
      i: jobInvitation,
      jobTitle: job.title,
      jobStatus: job.status,
      closingDate: job.closingDate,
      companyName,
      candidateName: candidate.name,
      applied: sql<boolean>`exists (select 1 from ${jobApplication} where ${jobApplication.jobId} = ${jobInvitation.jobId} and ${jobApplication.candidateId} = ${jobInvitation.candidateId})`,
    })
    .from(jobInvitation)
    .innerJoin(job, eq(job.id, jobInvitation.jobId))
    .innerJoin(candidate, eq(candidate.id, jobInvitation.candidateId))
    .leftJoin(recruiterProfile, eq(recruiterProfile.userId, job.recruiterId))
    .where(where)
    .orderBy(desc(jobInvitation.createdAt), desc(jobInvitation.id));
}

type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

function toInvitation(r: InvitationRow): Invitation {
  return {
    id: r.i.id,
    jobId: r.i.jobId,
    jobTitle: r.jobTitle,
    companyName: r.companyName,
    candidateId: r.i.candidateId,
    candidateName: r.candidateName,
    recruiterId: r.i.recruiterId,
    recruiterName: r.i.recruiterName,
    message: r.i.message,
    createdAt: r.i.createdAt.toISOString(),
    readAt: r.i.readAt ? r.i.readAt.toISOString() : null,
    jobOpen: r.jobStatus === 'published' && !closingDatePassed(r.closingDate, utcToday()),
    applied: r.applied,
  };
}

/**
 * Invite to apply (Find Candidates): the recruiter's own published, open job; a discoverable,
 * active candidate who has neither applied nor been invited to it. The invitation, the bell
 * item and the mail (unless the candidate turned e-mail off) land in one transaction.
 */
export async function inviteToApply(
  deps: InvitationDeps,
  actor: Actor,
  jobId: string,
  input: InviteInput,
): Promise<Invitation> {
  if (actor.role !== 'recruiter') throw forbidden(INVITATION_TEXTS.onlyRecruiters);
  const [jobRow] = await deps.db
    .select({ job, companyName })
    .from(job)
    .leftJoin(recruiterProfile, eq(recruiterProfile.userId, job.recruiterId))
    .where(eq(job.id, jobId));
  if (!jobRow) throw notFound(JOB_TEXTS.jobNotFound);
  if (jobRow.job.recruiterId !== actor.id) throw forbidden(JOB_TEXTS.notYourJob);
  if (jobRow.job.status === 'draft') throw new AppError(400, INVITATION_TEXTS.jobDraft);
  if (jobRow.job.status !== 'published' || closingDatePassed(jobRow.job.closingDate, utcToday())) {
    throw new AppError(400, INVITATION_TEXTS.jobNotOpen);
  }

  const [person] = await deps.db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      discoverable: candidateSearch.discoverable,
      emailPreference: sql<string | null>`${profile.details}->'notificationPreferences'->>'email'`,
    })
    .from(user)
    .leftJoin(candidateSearch, eq(candidateSearch.userId, user.id))
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(
      and(
        eq(user.id, input.candidateId),
        eq(user.role, 'candidate'),
        sql`${user.banned} is not true`,
      ),
    );
  // Hidden and deactivated candidates answer like unknown ones: Find Candidates never shows them.
  if (!person || person.discoverable === false) {
    throw new AppError(404, INVITATION_TEXTS.candidateNotFound, [
      { path: ['candidateId'], message: INVITATION_TEXTS.candidateNotFound },
    ]);
  }
  const [applied] = await deps.db
    .select({ id: jobApplication.id })
    .from(jobApplication)
    .where(and(eq(jobApplication.jobId, jobId), eq(jobApplication.candidateId, person.id)));
  if (applied) throw new AppError(409, INVITATION_TEXTS.alreadyApplied);

  const id = newId();
  const mail =
    person.emailPreference === 'false'
      ? null
      : {
          ...invitationMail({
            to: person.email,
            language: await recipientLanguage(deps.db, person.id),
            candidateName: person.name,
            recruiterName: actor.name,
            companyName: jobRow.companyName,
            jobTitle: jobRow.job.title,
            message: input.message,
            url: `${deps.appUrl}${invitationHref(jobId)}`,
          }),
          // A notification: it carries the person's unsubscribe link (mail/mail-headers.ts).
          recipientId: person.id,
        };
  try {
    await write(deps, async (w) => {
      const { tx } = w;
      // Counted with the invitation they allow (a refused or failed one is not): the
      // recruiter's, then the candidate's (always in that order, so two never deadlock).
      if (deps.limits) {
        await consumeLimit(
          tx,
          `invitation-sent:${actor.id}`,
          deps.limits.invitationsSent,
          'wait-invitations-sent',
        );
        await consumeLimit(
          tx,
          `invitation-received:${person.id}`,
          deps.limits.invitationsReceived,
          'wait-invitations-received',
        );
      }
      await tx.insert(jobInvitation).values({
        id,
        jobId,
        candidateId: person.id,
        recruiterId: actor.id,
        recruiterName: actor.name,
        message: input.message,
      });
      if (mail) await w.mail(mail);
      w.publish({ userIds: [person.id, actor.id] }, { type: 'invitation.changed', jobId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, INVITATION_TEXTS.alreadyInvited);
    throw error;
  }
  const [created] = await selectInvitations(deps.db, eq(jobInvitation.id, id));
  return toInvitation(created!);
}

/** The candidate's invitations, newest first. */
export async function listMyInvitations(deps: InvitationDeps, actor: Actor): Promise<Invitation[]> {
  if (actor.role !== 'candidate') throw forbidden(INVITATION_TEXTS.onlyCandidates);
  const rows = await selectInvitations(deps.db, eq(jobInvitation.candidateId, actor.id));
  return rows.map(toInvitation);
}

/** The invitations a recruiter sent to one candidate (to show which jobs are done already). */
export async function listSentInvitations(
  deps: InvitationDeps,
  actor: Actor,
  candidateId: string,
): Promise<Invitation[]> {
  if (actor.role !== 'recruiter') throw forbidden(INVITATION_TEXTS.onlyRecruiters);
  const rows = await selectInvitations(
    deps.db,
    and(eq(jobInvitation.candidateId, candidateId), eq(job.recruiterId, actor.id)),
  );
  return rows.map(toInvitation);
}

/** The candidate opened an invitation (the bell or the job page): it leaves the bell. */
export async function markInvitationRead(
  deps: WriteDeps | Work,
  actor: Actor,
  id: string,
): Promise<boolean> {
  return write(deps, async (w) => {
    const [row] = await w.tx
      .update(jobInvitation)
      .set({ readAt: sql`coalesce(${jobInvitation.readAt}, now())` })
      .where(and(eq(jobInvitation.id, id), eq(jobInvitation.candidateId, actor.id)))
      .returning({ jobId: jobInvitation.jobId });
    if (!row) return false;
    w.publish({ userIds: [actor.id] }, { type: 'invitation.changed', jobId: row.jobId });
    return true;
  });
}

/**
 * The bell's part, as SQL the bell's one statement embeds, given the placeholders of the
 * candidate's id and of how many items: the candidate's unread invitations, counted and the
 * newest few as rows that `invitationBellItem` reads. Kept here so that this feature owns
 * its rows' meaning.
 */
export const INVITATION_BELL_SQL = {
  count: (candidateId: string) =>
    `select count(*)::int from job_invitation where candidate_id = ${candidateId} and read_at is null`,
  items: (
    candidateId: string,
    limit: string,
  ) => `select i.id, i.job_id as "jobId", j.title, i.recruiter_name as "recruiterName",
      coalesce(rp.details->'company'->>'name', '') as "companyName",
      to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from job_invitation i
    join job j on j.id = i.job_id
    left join profile rp on rp.user_id = j.recruiter_id
    where i.candidate_id = ${candidateId} and i.read_at is null
    order by i.created_at desc
    limit ${limit}`,
};

export interface InvitationBellRow {
  id: string;
  jobId: string;
  title: string;
  recruiterName: string;
  companyName: string;
  at: string;
}

export function invitationBellItem(r: InvitationBellRow): NotificationItem {
  return {
    kind: 'job-invitation',
    id: r.id,
    jobId: r.jobId,
    title: r.title,
    from: r.companyName ? `${r.recruiterName} (${r.companyName})` : r.recruiterName,
    at: r.at,
  };
}
