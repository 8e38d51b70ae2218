import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  DATA_RIGHTS_TEXTS,
  type EraseMethod,
  type EraseOwnInput,
  type ErasureRecord,
  type ErasureResult,
  type OnRequestInput,
} from '../../../domain/data-rights';
import { coded } from '../../../domain/error-codes';
import { isRole } from '../../../domain/roles';
import { USER_ADMIN_TEXTS } from '../../../domain/users';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import {
  account,
  assessment,
  assessmentInvitation,
  auditLog,
  job,
  jobApplication,
  message,
  user,
} from '../../db/schema';
import { AppError, codedError, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import type { Logger } from '../../lib/logger';
import { consumeLimit } from '../../lib/usage-limit';
import type { Storage } from '../../storage/storage';
import { recordAudit } from '../audit/audit';
import { profileImageKey } from '../profile/profile.service';
import { assertKeepsAnAdmin } from '../users/last-admin';
import { buildExport, type DataExport } from './export';

export interface DataRightsDeps {
  db: Db;
  auth: Auth;
  storage: Storage;
  logger: Logger;
  /** Sessions ended (the erased user's): open live-update sockets are closed on every server. */
  onSessionsChanged: () => void;
}

/** Wrong passwords on the erase form: 5 tries in 10 minutes per account. */
const ERASE_ATTEMPTS = { max: 5, windowSeconds: 600 };

type UserRow = typeof user.$inferSelect;

async function loadUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw notFound(USER_ADMIN_TEXTS.userNotFound);
  return row;
}

async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? null;
}

// --- export ---------------------------------------------------------------------------

/** The signed-in user's own data, as a zip. Recorded in the audit log. */
export async function exportOwnData(deps: DataRightsDeps, actor: Actor): Promise<DataExport> {
  const target = await loadUser(deps.db, actor.id);
  const result = await buildExport(deps.db, deps.storage, target);
  await recordAudit(deps.db, {
    actor,
    action: 'user.export',
    targetType: 'user',
    targetId: target.id,
    after: { by: 'self', bytes: result.bytes.byteLength },
  });
  return result;
}

/** An admin exports a user's data on that user's request; the reason is audited. */
export async function exportUserData(
  deps: DataRightsDeps,
  actor: Actor,
  id: string,
  input: OnRequestInput,
): Promise<DataExport> {
  assertRole(actor, 'admin');
  const target = await loadUser(deps.db, id);
  const result = await buildExport(deps.db, deps.storage, target);
  await recordAudit(deps.db, {
    actor,
    action: 'user.export',
    targetType: 'user',
    targetId: target.id,
    after: { by: 'admin', reason: input.reason, bytes: result.bytes.byteLength },
  });
  return result;
}

// --- erasure --------------------------------------------------------------------------

/** How the erase form asks the signed-in user to confirm: password, or e-mail (Google only). */
export async function eraseMethod(deps: DataRightsDeps, actor: Actor): Promise<EraseMethod> {
  return { confirmWith: (await passwordHashOf(deps.db, actor.id)) ? 'password' : 'email' };
}

/** The user erases their own account, confirming with their password (or e-mail). */
export async function eraseOwnAccount(
  deps: DataRightsDeps,
  actor: Actor,
  input: EraseOwnInput,
): Promise<ErasureResult> {
  const target = await loadUser(deps.db, actor.id);
  const hash = await passwordHashOf(deps.db, target.id);
  if (hash) {
    if (!input.password) {
      throw new AppError(400, DATA_RIGHTS_TEXTS.passwordRequired, [
        { path: ['password'], message: DATA_RIGHTS_TEXTS.passwordRequired },
      ]);
    }
    await consumeLimit(
      deps.db,
      `erase-attempt:${target.id}`,
      ERASE_ATTEMPTS,
      'wait-erase-attempts',
    );
    const ctx = await deps.auth.$context;
    if (!(await ctx.password.verify({ hash, password: input.password }))) {
      throw new AppError(400, DATA_RIGHTS_TEXTS.wrongPassword, [
        { path: ['password'], message: DATA_RIGHTS_TEXTS.wrongPassword },
      ]);
    }
  } else {
    const typed = (input.email ?? '').trim().toLowerCase();
    if (!typed) {
      throw new AppError(400, DATA_RIGHTS_TEXTS.emailRequired, [
        { path: ['email'], message: DATA_RIGHTS_TEXTS.emailRequired },
      ]);
    }
    if (typed !== target.email.toLowerCase()) {
      throw new AppError(400, DATA_RIGHTS_TEXTS.wrongEmail, [
        { path: ['email'], message: DATA_RIGHTS_TEXTS.wrongEmail },
      ]);
    }
  }
  return erase(deps, target, null, null);
}

/** An admin erases a user's account on that user's request; the reason is audited. */
export async function eraseUserOnRequest(
  deps: DataRightsDeps,
  actor: Actor,
  id: string,
  input: OnRequestInput,
): Promise<ErasureResult> {
  assertRole(actor, 'admin');
  if (id === actor.id) {
    throw new AppError(
      400,
      'Erase your own account from your profile (Your data), with your password',
    );
  }
  const target = await loadUser(deps.db, id);
  return erase(deps, target, actor, input.reason);
}

/**
 * Deletes the user row; a database trigger (drizzle/*_data_rights_sql.sql) anonymises in the
 * same transaction what others keep (assessments, messages, the audit log's names) and the
 * foreign keys delete the rest (sessions, profile, applications, search entry…). Stored files
 * (photo, résumés) go after the commit. The erasure is audited without the name or e-mail.
 */
async function erase(
  deps: DataRightsDeps,
  target: UserRow,
  admin: Actor | null,
  reason: string | null,
): Promise<ErasureResult> {
  const { db } = deps;
  try {
    await assertKeepsAnAdmin(db, { userId: target.id, removed: true });
  } catch (error) {
    if (error instanceof AppError) throw new AppError(409, USER_ADMIN_TEXTS.lastAdmin);
    throw error;
  }
  if (target.role === 'recruiter') {
    const [[jobs], [assessments]] = await Promise.all([
      db.select({ n: count() }).from(job).where(eq(job.recruiterId, target.id)),
      db.select({ n: count() }).from(assessment).where(eq(assessment.recruiterId, target.id)),
    ]);
    const j = Number(jobs?.n ?? 0);
    const a = Number(assessments?.n ?? 0);
    if (j + a > 0)
      throw codedError(409, coded('recruiter-has-records', { jobs: j, assessments: a }));
  }
  const resumes = await db
    .select({ key: jobApplication.resumeKey })
    .from(jobApplication)
    .where(and(eq(jobApplication.candidateId, target.id), isNotNull(jobApplication.resumeKey)));
  const fileKeys = [profileImageKey(target.id), ...resumes.map((r) => r.key!)];

  const counts = await db.transaction(async (tx) => {
    const [[kept], [sent]] = await Promise.all([
      tx.select({ n: count() }).from(assessment).where(eq(assessment.candidateId, target.id)),
      tx.select({ n: count() }).from(message).where(eq(message.senderId, target.id)),
    ]);
    const deleted = await tx.delete(user).where(eq(user.id, target.id)).returning({ id: user.id });
    if (deleted.length === 0) throw notFound(USER_ADMIN_TEXTS.userNotFound);
    // Bulk invitations to the address (stored lower case) name the person too.
    await tx
      .delete(assessmentInvitation)
      .where(eq(assessmentInvitation.email, target.email.toLowerCase()));
    const assessmentsKept = Number(kept?.n ?? 0);
    const messagesKept = Number(sent?.n ?? 0);
    // After the delete, so the trigger's redaction never touches this row: it names no one,
    // and the admin's reason is redacted here by the trigger's own rule (whole occurrences of
    // the name or e-mail, any case).
    const [redacted] = reason
      ? await tx
          .select({
            reason: sql<string>`redact_erased_person(${reason}::text, erased_person_pattern(${target.name}::text, ${target.email}::text))`,
          })
          .from(sql`(values (1)) as one(x)`)
      : [];
    await recordAudit(tx, {
      actor: admin ?? { id: target.id, name: DATA_RIGHTS_TEXTS.erasedUser },
      action: 'user.erase',
      targetType: 'user',
      targetId: target.id,
      after: {
        by: admin ? 'admin' : 'self',
        role: target.role,
        reason: redacted?.reason ?? reason,
        assessmentsKept,
        messagesKept,
      },
    });
    return { assessmentsKept, messagesKept };
  });

  let filesDeleted = 0;
  for (const key of fileKeys) {
    try {
      if (await deps.storage.remove(key)) filesDeleted += 1;
    } catch (error) {
      // The account is gone; a file left behind is logged for the operator to remove.
      deps.logger.error({ err: error, key }, 'erasure: could not delete a stored file');
    }
  }
  deps.onSessionsChanged();
  return {
    erased: true,
    userId: target.id,
    role: isRole(target.role) ? target.role : 'candidate',
    ...counts,
    filesDeleted,
  };
}

/** Past erasures, newest first, from the audit log (admins). */
export async function listErasures(deps: DataRightsDeps, actor: Actor): Promise<ErasureRecord[]> {
  assertRole(actor, 'admin');
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'user.erase'))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return rows.map((r) => {
    const after = (r.after ?? {}) as Record<string, unknown>;
    const by = after.by === 'admin' ? 'admin' : 'self';
    return {
      id: r.id,
      at: r.createdAt.toISOString(),
      userId: r.targetId,
      role: typeof after.role === 'string' ? after.role : null,
      by,
      adminName: by === 'admin' ? r.actorName : null,
      reason: typeof after.reason === 'string' ? after.reason : null,
      assessmentsKept: typeof after.assessmentsKept === 'number' ? after.assessmentsKept : null,
    };
  });
}
