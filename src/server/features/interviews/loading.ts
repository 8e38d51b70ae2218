import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { INTERVIEW_TEXTS } from '../../../domain/interviews';
import { JOB_TEXTS } from '../../../domain/jobs';
import type { Language } from '../../../domain/languages';
import type { Db, Tx } from '../../db/client';
import {
  interview,
  interviewInterviewer,
  job,
  jobApplication,
  profile,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Work } from '../../lib/unit-of-work';
import type { Mailer } from '../../mail/outbox';
import { recipientLanguages } from '../../mail/recipient-language';
import type { EventBus } from '../../realtime/event-bus';
import type { RsvpAddresses } from './rsvp-address';

export interface InterviewDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /**
   * When inbound mail is received (REPLY_DOMAIN): the invitations' ORGANIZER is the
   * interview's signed `rsvp+…` address, so calendar apps' replies reach the server.
   */
  rsvp?: RsvpAddresses;
}
export type InterviewRow = typeof interview.$inferSelect;

export const candidate = alias(user, 'candidate');
const owner = alias(user, 'owner');
export const ownerProfile = alias(profile, 'owner_profile');

/** The company a recruiter's profile names ('' for none). */
export const companyOf = (details: AnyPgColumn): SQL<string> =>
  sql<string>`coalesce(${details}->'company'->>'name', '')`;
export const companyName = companyOf(ownerProfile.details);

export const conflict = (message: string) => new AppError(409, message);

/** An application with what interviews need of its job, candidate and the job's recruiter. */
export async function applicationContext(db: Db | Tx, applicationId: string) {
  const [row] = await db
    .select({
      id: jobApplication.id,
      stage: jobApplication.stage,
      jobId: job.id,
      jobTitle: job.title,
      recruiterId: job.recruiterId,
      recruiterName: owner.name,
      recruiterEmail: owner.email,
      candidateId: candidate.id,
      candidateName: candidate.name,
      candidateEmail: candidate.email,
      companyName,
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .innerJoin(candidate, eq(candidate.id, jobApplication.candidateId))
    .innerJoin(owner, eq(owner.id, job.recruiterId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, job.recruiterId))
    .where(eq(jobApplication.id, applicationId));
  return row;
}
export type AppContext = NonNullable<Awaited<ReturnType<typeof applicationContext>>>;

export interface Loaded {
  row: InterviewRow;
  app: AppContext;
  interviewers: { id: string; name: string; email: string }[];
  /** The language each participant is written to in (docs/decisions/023). */
  languageOf: (userId: string) => Language;
}

export async function loadInterview(db: Db | Tx, id: string): Promise<Loaded> {
  const [row] = await db.select().from(interview).where(eq(interview.id, id));
  if (!row) throw notFound(INTERVIEW_TEXTS.notFound);
  const app = await applicationContext(db, row.applicationId);
  if (!app) throw notFound(INTERVIEW_TEXTS.notFound);
  const interviewers = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(interviewInterviewer)
    .innerJoin(user, eq(user.id, interviewInterviewer.userId))
    .where(eq(interviewInterviewer.interviewId, id))
    .orderBy(asc(user.name));
  const languageOf = await recipientLanguages(db, [
    app.candidateId,
    app.recruiterId,
    ...interviewers.map((p) => p.id),
  ]);
  return { row, app, interviewers, languageOf };
}

/** The job's recruiter: the one who proposes, moves and cancels its interviews. */
export function assertOwner(actor: Actor, app: Pick<AppContext, 'recruiterId'>) {
  if (actor.role !== 'recruiter') {
    throw forbidden("Only the job's recruiter can schedule its interviews");
  }
  if (app.recruiterId !== actor.id) throw forbidden(JOB_TEXTS.notYourJob);
}

/**
 * An interview its job's recruiter is about to change: a candidate is told it does not
 * exist, anyone else but that recruiter is refused.
 */
export async function loadOwnInterview(db: Db, actor: Actor, id: string): Promise<Loaded> {
  if (actor.role === 'candidate') throw notFound(INTERVIEW_TEXTS.notFound);
  const loaded = await loadInterview(db, id);
  assertOwner(actor, loaded.app);
  return loaded;
}

/** A job as its hiring team reads it: its recruiter and admins; candidates are refused. */
export async function loadJobForTeam(db: Db, actor: Actor, jobId: string) {
  if (actor.role === 'candidate') throw forbidden();
  const [row] = await db.select().from(job).where(eq(job.id, jobId));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}

/** The scheduled time of an interview known to be scheduled. */
export const timeOf = (row: InterviewRow) => ({
  startsAt: row.startsAt!,
  durationMinutes: row.durationMinutes!,
  timeZone: row.timeZone!,
  location: row.location!,
});

interface EventSubject {
  row: Pick<InterviewRow, 'id'>;
  app: Pick<AppContext, 'id' | 'candidateId' | 'recruiterId'>;
  interviewers: readonly { id: string }[];
}

/**
 * Tells, once the write commits, who may see it that the interview changed: its candidate,
 * recruiter, interviewers and admins; or, for news that is the hiring team's alone (a
 * scorecard, a calendar answer), all but the candidate.
 */
export function publishChanged(
  w: Work,
  loaded: EventSubject,
  to: 'everyone' | 'team' = 'everyone',
) {
  const { app } = loaded;
  w.publish(
    {
      userIds: [
        ...(to === 'everyone' ? [app.candidateId] : []),
        app.recruiterId,
        ...loaded.interviewers.map((p) => p.id),
      ],
      roles: ['admin'],
    },
    { type: 'interview.changed', interviewId: loaded.row.id, applicationId: app.id },
  );
}
