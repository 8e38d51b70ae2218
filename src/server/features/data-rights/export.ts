import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import {
  EXPORT_FILE_BUDGET_BYTES,
  EXPORT_FORMAT,
  EXPORT_MAX_ROWS,
  exportFileName,
  zipSafePath,
} from '../../../domain/data-rights';
import { CANDIDATE_STAGE_LABELS, type Stage } from '../../../domain/jobs';
import type { Db } from '../../db/client';
import {
  account,
  applicationEvent,
  assessment,
  assessmentNotification,
  auditLog,
  candidateFile,
  conversation,
  conversationParticipant,
  interview,
  interviewInterviewer,
  interviewScorecard,
  interviewSlot,
  job,
  jobApplication,
  message,
  profile,
  recruiterAssignment,
  session,
  taskAnswer,
  testRun,
  user,
} from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { aiOutputsFor } from '../ai-review/ai-review.service';
import { profileImageKey } from '../profile/profile.service';

type UserRow = typeof user.$inferSelect;

/** One file to put in the zip beside data.json. */
interface PendingFile {
  path: string;
  /** Read lazily, so files past the budget are never loaded. */
  load: () => Promise<Uint8Array | null>;
  /** Already compressed formats (images, PDFs) are stored as they are. */
  compress: boolean;
}

export interface DataExport {
  fileName: string;
  bytes: Uint8Array;
  /** What data.json holds, for tests and the audit entry. */
  data: Record<string, unknown>;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * Everything about one user that they can see through the product, as data.json plus their
 * files (photo, résumés, the text they wrote in assessment workspaces). Built from the user's
 * own point of view: other people appear only as the names the user already sees (recruiters,
 * conversation partners), never with their e-mail addresses; hidden tests, recruiters' notes
 * and rejection reasons are left out as they are on every screen the user has.
 */
export async function buildExport(db: Db, storage: Storage, target: UserRow): Promise<DataExport> {
  const id = target.id;
  const files: PendingFile[] = [];
  const data: Record<string, unknown> = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    notes:
      "Other people appear by the name you see in TalentForge, without their e-mail. Hidden tests, recruiters' private notes, rejection reasons and interview scorecards are not shown to candidates anywhere and are not included.",
  };

  const [profileRow] = await db.select().from(profile).where(eq(profile.userId, id));
  const logins = await db
    .select({ providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, id));
  data.account = {
    id,
    name: target.name,
    email: target.email,
    emailVerified: target.emailVerified,
    role: target.role,
    createdAt: iso(target.createdAt),
    updatedAt: iso(target.updatedAt),
    deactivated: Boolean(target.banned),
    deactivationReason: target.banned ? target.banReason : null,
    twoFactorEnabled: Boolean(target.twoFactorEnabled),
    signInMethods: logins.map((l) => ({
      method: l.providerId === 'credential' ? 'password' : l.providerId,
      since: iso(l.createdAt),
    })),
  };
  let photo: string | null = null;
  if (target.image) {
    const stored = await storage.get(profileImageKey(id));
    if (stored) {
      photo = `files/profile-photo.${IMAGE_EXTENSIONS[stored.contentType] ?? 'img'}`;
      files.push({ path: photo, load: async () => stored.bytes, compress: false });
    }
  }
  data.profile = {
    details: profileRow?.details ?? null,
    updatedAt: iso(profileRow?.updatedAt),
    photo,
  };

  data.sessions = (
    await db
      .select({
        createdAt: session.createdAt,
        lastUsedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, id))
      .orderBy(desc(session.createdAt))
      .limit(EXPORT_MAX_ROWS)
  ).map((s) => ({
    createdAt: iso(s.createdAt),
    lastUsedAt: iso(s.lastUsedAt),
    expiresAt: iso(s.expiresAt),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
  }));

  if (target.role === 'candidate') {
    Object.assign(data, await candidateRecords(db, storage, id, files));
    data.interviews = await candidateInterviews(db, id);
    data.aiReviews = await aiOutputsFor(db, id);
  }
  if (target.role === 'recruiter') {
    data.jobsPosted = (
      await db
        .select({
          id: job.id,
          title: job.title,
          status: job.status,
          createdAt: job.createdAt,
          publishedAt: job.publishedAt,
        })
        .from(job)
        .where(eq(job.recruiterId, id))
        .orderBy(desc(job.createdAt))
        .limit(EXPORT_MAX_ROWS)
    ).map((j) => ({ ...j, createdAt: iso(j.createdAt), publishedAt: iso(j.publishedAt) }));
    Object.assign(data, await interviewerRecords(db, id));
  }

  data.conversations = await conversationsOf(db, id);
  data.auditEntries = (
    await db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, id), eq(auditLog.targetId, id)))
      .orderBy(desc(auditLog.id))
      .limit(EXPORT_MAX_ROWS)
  ).map((r) => ({
    at: iso(r.createdAt),
    by: r.actorId === id ? 'you' : r.actorName,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before,
    after: r.after,
  }));

  // Files until the budget is spent; the rest are named, so nothing is silently missing.
  const zip: Zippable = {};
  const omitted: { path: string; reason: string }[] = [];
  let used = 0;
  for (const file of files) {
    const bytes = await file.load();
    if (!bytes) {
      omitted.push({ path: file.path, reason: 'The stored file could not be found' });
      continue;
    }
    if (used + bytes.byteLength > EXPORT_FILE_BUDGET_BYTES) {
      omitted.push({
        path: file.path,
        reason: `Over the export's ${EXPORT_FILE_BUDGET_BYTES / 1024 / 1024} MB limit for files`,
      });
      continue;
    }
    used += bytes.byteLength;
    zip[file.path] = [bytes, { level: file.compress ? 6 : 0 }];
  }
  data.omittedFiles = omitted;
  const json = new TextEncoder().encode(JSON.stringify(data, null, 2));
  zip['data.json'] = [json, { level: 6 }];
  return { fileName: exportFileName(target.name, new Date()), bytes: zipSync(zip), data };
}

async function candidateRecords(db: Db, storage: Storage, id: string, files: PendingFile[]) {
  const assessments = await db
    .select({
      id: assessment.id,
      title: assessment.title,
      roleName: assessment.roleName,
      description: assessment.description,
      companyName: assessment.companyName,
      recruiterName: assessment.recruiterName,
      status: assessment.status,
      tasks: assessment.tasks,
      message: assessment.message,
      durationHours: assessment.durationHours,
      createdAt: assessment.createdAt,
      dueDate: assessment.dueDate,
      startedAt: assessment.startedAt,
      completedDate: assessment.completedDate,
      submittedBy: assessment.submittedBy,
      score: assessment.score,
      feedback: assessment.feedback,
      reviewedAt: assessment.reviewedAt,
    })
    .from(assessment)
    .where(eq(assessment.candidateId, id))
    .orderBy(desc(assessment.createdAt))
    .limit(EXPORT_MAX_ROWS);
  const ids = assessments.map((a) => a.id);
  const [answers, savedFiles, runs] = ids.length
    ? await Promise.all([
        db.select().from(taskAnswer).where(inArray(taskAnswer.assessmentId, ids)),
        db.select().from(candidateFile).where(inArray(candidateFile.assessmentId, ids)),
        // What the candidate sees: runs of the visible tests only (015, test runs).
        db
          .select()
          .from(testRun)
          .where(and(inArray(testRun.assessmentId, ids), eq(testRun.includeHidden, false)))
          .orderBy(asc(testRun.createdAt))
          .limit(EXPORT_MAX_ROWS),
      ])
    : [[], [], []];

  const assessmentList = assessments.map((a) => {
    const own = savedFiles.filter((f) => f.assessmentId === a.id);
    const workspaceFiles = own.map((f) => {
      const path = `files/assessments/${zipSafePath(a.id)}/${zipSafePath(f.fileName)}`;
      const bytes = new TextEncoder().encode(f.content);
      files.push({ path, load: async () => bytes, compress: true });
      return { fileName: f.fileName, savedAt: iso(f.updatedAt), file: path };
    });
    return {
      ...a,
      createdAt: iso(a.createdAt),
      startedAt: iso(a.startedAt),
      completedDate: iso(a.completedDate),
      reviewedAt: iso(a.reviewedAt),
      // Score and feedback as the workspace shows them (once reviewed).
      score: a.reviewedAt ? a.score : null,
      feedback: a.reviewedAt ? a.feedback : null,
      answers: answers
        .filter((x) => x.assessmentId === a.id)
        .map((x) => ({
          taskId: x.taskId,
          task: a.tasks.find((t) => t.id === x.taskId)?.title ?? null,
          content: x.content,
          savedAt: iso(x.updatedAt),
        })),
      workspaceFiles,
      testRuns: runs
        .filter((r) => r.assessmentId === a.id)
        .map((r) => ({
          at: iso(r.createdAt),
          trigger: r.trigger,
          status: r.status,
          passed: r.passed,
          failed: r.failed,
          skipped: r.skipped,
          failures: r.failures,
          output: r.output,
          durationMs: r.durationMs,
        })),
    };
  });

  const applications = await db
    .select({
      a: jobApplication,
      jobTitle: job.title,
      recruiterName: user.name,
      companyName: sql<string | null>`${profile.details}->'company'->>'name'`,
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .leftJoin(user, eq(user.id, job.recruiterId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId))
    .where(eq(jobApplication.candidateId, id))
    .orderBy(desc(jobApplication.createdAt))
    .limit(EXPORT_MAX_ROWS);
  const events = applications.length
    ? await db
        .select()
        .from(applicationEvent)
        .where(
          inArray(
            applicationEvent.applicationId,
            applications.map((r) => r.a.id),
          ),
        )
        .orderBy(asc(applicationEvent.createdAt), asc(applicationEvent.id))
    : [];
  const label = (s: Stage | null) => (s ? (CANDIDATE_STAGE_LABELS[s] ?? s) : null);
  const applicationList = applications.map(({ a, jobTitle, recruiterName, companyName }) => {
    let resume: string | null = null;
    if (a.resumeKey) {
      const key = a.resumeKey;
      resume = `files/resumes/${zipSafePath(a.id)}-${zipSafePath(a.resumeName ?? 'resume.pdf')}`;
      files.push({
        path: resume,
        load: async () => (await storage.get(key))?.bytes ?? null,
        compress: false,
      });
    }
    return {
      id: a.id,
      jobTitle,
      company: companyName ?? '',
      recruiterName: recruiterName ?? 'Unknown User',
      status: label(a.stage),
      appliedAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      coverLetter: a.coverLetter,
      resumeName: a.resumeName,
      resume,
      linkedAssessmentId: a.assessmentId,
      // Reasons for a rejection are the recruiters' own words: candidates see the stage only.
      timeline: events
        .filter((e) => e.applicationId === a.id)
        .map((e) => ({
          at: iso(e.createdAt),
          from: label(e.fromStage),
          to: label(e.toStage),
          by: e.actorId === id ? 'you' : e.actorName,
        })),
    };
  });

  const notifications = (
    await db
      .select()
      .from(assessmentNotification)
      .where(eq(assessmentNotification.userId, id))
      .orderBy(desc(assessmentNotification.createdAt))
      .limit(EXPORT_MAX_ROWS)
  ).map((n) => ({
    at: iso(n.createdAt),
    event: n.event,
    title: n.title,
    from: n.fromName,
    assessmentId: n.assessmentId,
    readAt: iso(n.readAt),
  }));

  const recruiters = await db
    .select({ name: user.name, since: recruiterAssignment.createdAt })
    .from(recruiterAssignment)
    .innerJoin(user, eq(user.id, recruiterAssignment.recruiterId))
    .where(eq(recruiterAssignment.candidateId, id));

  return {
    assessments: assessmentList,
    // The invitations are the assessments assigned to you; opened ones have a startedAt.
    invitations: assessmentList.map((a) => ({
      assessmentId: a.id,
      title: a.title,
      from: a.recruiterName,
      at: a.createdAt,
      opened: a.startedAt !== null,
    })),
    assignedRecruiters: recruiters.map((r) => ({ name: r.name, since: iso(r.since) })),
    applications: applicationList,
    notifications,
  };
}

/** The user's conversations and every message in them, with participants by name and role only. */
async function conversationsOf(db: Db, id: string) {
  const mine = await db
    .select({ c: conversation, unread: conversationParticipant.unread })
    .from(conversationParticipant)
    .innerJoin(conversation, eq(conversation.id, conversationParticipant.conversationId))
    .where(eq(conversationParticipant.userId, id))
    .orderBy(desc(conversation.lastMessageAt))
    .limit(EXPORT_MAX_ROWS);
  if (mine.length === 0) return [];
  const ids = mine.map((m) => m.c.id);
  const [people, messages] = await Promise.all([
    db
      .select({
        conversationId: conversationParticipant.conversationId,
        userId: conversationParticipant.userId,
        name: user.name,
        role: user.role,
      })
      .from(conversationParticipant)
      .leftJoin(user, eq(user.id, conversationParticipant.userId))
      .where(inArray(conversationParticipant.conversationId, ids))
      .orderBy(asc(conversationParticipant.joinedAt)),
    db
      .select({
        conversationId: message.conversationId,
        senderId: message.senderId,
        senderName: message.senderName,
        content: message.content,
        createdAt: message.createdAt,
        seq: message.seq,
      })
      .from(message)
      .where(inArray(message.conversationId, ids))
      .orderBy(asc(message.seq))
      .limit(EXPORT_MAX_ROWS * 5),
  ]);
  return mine.map(({ c, unread }) => ({
    id: c.id,
    subject: c.subject,
    startedAt: iso(c.createdAt),
    unread,
    participants: people
      .filter((p) => p.conversationId === c.id)
      .map((p) =>
        p.userId === id
          ? { name: 'you', role: p.role }
          : { name: p.name ?? 'Unknown User', role: p.name === null ? 'unknown' : p.role },
      ),
    messages: messages
      .filter((m) => m.conversationId === c.id)
      .map((m) => ({
        at: iso(m.createdAt),
        from: m.senderId === id ? 'you' : m.senderName,
        content: m.content,
      })),
  }));
}

type InterviewRow = typeof interview.$inferSelect;

/** When and where an interview takes place (once a time is picked), as its invitation says. */
const scheduledOf = (i: InterviewRow) =>
  i.startsAt
    ? {
        startsAt: iso(i.startsAt),
        durationMinutes: i.durationMinutes,
        timeZone: i.timeZone,
        location: i.location,
      }
    : null;

/** The interviewers' names per interview (names only, as both sides see them). */
async function interviewerNames(db: Db, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ interviewId: interviewInterviewer.interviewId, name: user.name })
        .from(interviewInterviewer)
        .innerJoin(user, eq(user.id, interviewInterviewer.userId))
        .where(inArray(interviewInterviewer.interviewId, ids))
        .orderBy(asc(user.name))
    : [];
  return (interviewId: string) =>
    rows.filter((r) => r.interviewId === interviewId).map((r) => r.name);
}

/**
 * A candidate's interviews as My Applications shows them (docs/decisions/025): the times they
 * were offered or picked, the place, the interviewers' names and what became of it. Never a
 * scorecard: ratings, recommendations and notes are the hiring team's own assessment and are
 * shown to candidates nowhere.
 */
async function candidateInterviews(db: Db, id: string) {
  const rows = await db
    .select({
      i: interview,
      jobTitle: job.title,
      companyName: sql<string | null>`${profile.details}->'company'->>'name'`,
    })
    .from(interview)
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .innerJoin(job, eq(job.id, interview.jobId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId))
    .where(eq(jobApplication.candidateId, id))
    .orderBy(desc(interview.createdAt))
    .limit(EXPORT_MAX_ROWS);
  const ids = rows.map((r) => r.i.id);
  const [slots, names] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(interviewSlot)
          .where(inArray(interviewSlot.interviewId, ids))
          .orderBy(asc(interviewSlot.startsAt))
      : Promise.resolve([]),
    interviewerNames(db, ids),
  ]);
  return rows.map(({ i, jobTitle, companyName }) => ({
    id: i.id,
    applicationId: i.applicationId,
    jobTitle,
    company: companyName ?? '',
    status: i.status,
    proposedAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
    // Every time offered: the candidate saw the withdrawn ones too before they were withdrawn.
    timesOffered: slots
      .filter((x) => x.interviewId === i.id)
      .map((x) => ({
        startsAt: iso(x.startsAt),
        durationMinutes: x.durationMinutes,
        timeZone: x.timeZone,
        location: x.location,
        status: x.status,
      })),
    scheduled: scheduledOf(i),
    interviewers: names(i.id),
  }));
}

/**
 * A recruiter's part in interviews: the ones they proposed or sit on, and the scorecards they
 * wrote (their own words: ratings, recommendation, notes). Other interviewers' scorecards are
 * theirs and are not included.
 */
async function interviewerRecords(db: Db, id: string) {
  const seats = new Set(
    (
      await db
        .select({ interviewId: interviewInterviewer.interviewId })
        .from(interviewInterviewer)
        .where(eq(interviewInterviewer.userId, id))
        .limit(EXPORT_MAX_ROWS)
    ).map((r) => r.interviewId),
  );
  const rows = await db
    .select({ i: interview, jobTitle: job.title, candidateName: user.name })
    .from(interview)
    .innerJoin(job, eq(job.id, interview.jobId))
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .leftJoin(user, eq(user.id, jobApplication.candidateId))
    .where(
      seats.size
        ? or(eq(interview.createdBy, id), inArray(interview.id, [...seats]))
        : eq(interview.createdBy, id),
    )
    .orderBy(desc(interview.createdAt))
    .limit(EXPORT_MAX_ROWS);
  const names = await interviewerNames(
    db,
    rows.map((r) => r.i.id),
  );
  const cards = await db
    .select({ s: interviewScorecard, jobTitle: job.title, candidateName: user.name })
    .from(interviewScorecard)
    .innerJoin(interview, eq(interview.id, interviewScorecard.interviewId))
    .innerJoin(job, eq(job.id, interview.jobId))
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .leftJoin(user, eq(user.id, jobApplication.candidateId))
    .where(eq(interviewScorecard.interviewerId, id))
    .orderBy(desc(interviewScorecard.createdAt))
    .limit(EXPORT_MAX_ROWS);
  return {
    interviews: rows.map(({ i, jobTitle, candidateName }) => ({
      id: i.id,
      jobTitle,
      candidate: candidateName ?? 'Unknown User',
      yourPart: [
        i.createdBy === id ? 'organiser' : null,
        seats.has(i.id) ? 'interviewer' : null,
      ].filter(Boolean),
      status: i.status,
      proposedAt: iso(i.createdAt),
      scheduled: scheduledOf(i),
      interviewers: names(i.id),
    })),
    scorecardsWritten: cards.map(({ s, jobTitle, candidateName }) => ({
      interviewId: s.interviewId,
      jobTitle,
      candidate: candidateName ?? 'Unknown User',
      ratings: s.ratings,
      recommendation: s.recommendation,
      notes: s.notes,
      writtenAt: iso(s.createdAt),
      updatedAt: iso(s.updatedAt),
    })),
  };
}
