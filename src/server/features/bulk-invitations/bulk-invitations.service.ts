import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DUE_DATE_SLACK_DAYS,
  earliestDueDate,
  recruiterMayUse,
  toIsoDate,
} from '../../../domain/assessments';
import {
  BULK_SKIP_REASONS,
  BulkFileError,
  type BulkResult,
  type BulkRowResult,
  type bulkQuerySchema,
  invitationExpiry,
  isEmail,
  parseBulkCsv,
} from '../../../domain/bulk-invitations';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { coded } from '../../../domain/error-codes';
import type { Auth } from '../../auth/auth';
import { createAccount } from '../../auth/users';
import type { Db } from '../../db/client';
import { assessment, assessmentInvitation, assessmentTemplate, user } from '../../db/schema';
import { AppError, codedError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { newId, timestampId } from '../../lib/ids';
import { type Work, write } from '../../lib/unit-of-work';
import { adminDefaultLanguage } from '../../mail/recipient-language';
import { usesAiReview } from '../ai-review/template-flag';
import {
  type AssessmentDeps,
  insertAssignment,
  recruiterCompany,
} from '../assessments/assessments.service';
import { toTemplate } from '../templates/templates.service';
import { bulkInvitationMail } from './mails';

export interface BulkDeps extends AssessmentDeps {
  auth: Auth;
}

type TemplateRow = typeof assessmentTemplate.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The link in the invitation mail: sign-up with the address filled in (docs/decisions/026). */
export const invitationUrl = (appUrl: string, token: string) =>
  `${appUrl}/invitation/${encodeURIComponent(token)}`;

async function usableTemplate(db: Db, actor: Actor, templateId: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.id, templateId));
  if (!row) throw notFound('Assessment template not found');
  if (!recruiterMayUse(toTemplate(row), actor.id)) {
    throw forbidden('You are not authorised to assign this template');
  }
  return row;
}

/**
 * Assign Assessment with a CSV: existing candidates are assigned, new addresses invited by
 * mail, every row answered. All in one transaction under a lock per template and recruiter,
 * so two uploads of the same file at once still assign and invite each address once.
 */
export async function bulkAssign(
  deps: BulkDeps,
  actor: Actor,
  query: z.output<typeof bulkQuerySchema>,
  bytes: Uint8Array,
): Promise<BulkResult> {
  assertRole(actor, 'recruiter');
  if (query.dueDate < earliestDueDate(new Date(), DUE_DATE_SLACK_DAYS)) {
    throw new AppError(400, 'The due date must not be in the past', [
      { path: ['dueDate'], message: 'The due date must not be in the past' },
    ]);
  }
  const templateRow = await usableTemplate(deps.db, actor, query.templateId);
  let rows: ReturnType<typeof parseBulkCsv>;
  try {
    rows = parseBulkCsv(bytes);
  } catch (error) {
    if (error instanceof BulkFileError) {
      if (error.coded) throw codedError(400, error.coded, { row: error.row }, 'file');
      throw new AppError(400, error.message, [{ path: ['file'], message: error.message }], {
        row: error.row,
      });
    }
    throw error;
  }
  const companyName = await recruiterCompany(deps.db, actor.id);

  // What the file alone decides: malformed addresses, bad dates, repeated rows.
  const results: BulkRowResult[] = [];
  const seen = new Set<string>();
  const pending: BulkRowResult[] = [];
  for (const r of rows) {
    const base = { ...r, dueDate: r.dueDate || query.dueDate, assessmentId: null };
    const skip = (reason: string) =>
      results.push({ ...base, outcome: 'skipped', reason }) && undefined;
    if (!isEmail(r.email)) skip(BULK_SKIP_REASONS.malformedEmail);
    else if (seen.has(r.email)) skip(BULK_SKIP_REASONS.duplicate);
    else if (
      r.dueDate &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(r.dueDate) ||
        r.dueDate < earliestDueDate(new Date(), DUE_DATE_SLACK_DAYS))
    )
      skip(BULK_SKIP_REASONS.badDueDate);
    else {
      const row: BulkRowResult = { ...base, outcome: 'skipped', reason: null };
      results.push(row);
      pending.push(row);
    }
    seen.add(r.email);
  }
  // Dates like 2026-02-31 pass the pattern: Postgres would refuse them, so check for real.
  for (const row of pending) {
    if (!isRealDate(row.dueDate)) row.reason = BULK_SKIP_REASONS.badDueDate;
  }

  await write(deps, async (w) => {
    const { tx } = w;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`bulk:${templateRow.id}:${actor.id}`}))`,
    );
    const open = pending.filter((r) => r.reason === null);
    const emails = open.map((r) => r.email);
    const accounts = emails.length
      ? await tx
          .select({
            id: user.id,
            name: user.name,
            email: user.email,
            role: user.role,
            banned: user.banned,
          })
          .from(user)
          .where(inArray(sql`lower(${user.email})`, emails))
      : [];
    const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
    const candidateIds = accounts.filter((a) => a.role === 'candidate').map((a) => a.id);
    const taken = candidateIds.length
      ? await tx
          .select({ candidateId: assessment.candidateId })
          .from(assessment)
          .where(
            and(
              eq(assessment.templateId, templateRow.id),
              eq(assessment.recruiterId, actor.id),
              inArray(assessment.candidateId, candidateIds),
            ),
          )
      : [];
    const alreadyAssigned = new Set(taken.map((a) => a.candidateId));
    const invited = emails.length
      ? await tx
          .select({
            id: assessmentInvitation.id,
            email: assessmentInvitation.email,
            acceptedAt: assessmentInvitation.acceptedAt,
            expiresAt: assessmentInvitation.expiresAt,
          })
          .from(assessmentInvitation)
          .where(
            and(
              eq(assessmentInvitation.templateId, templateRow.id),
              eq(assessmentInvitation.recruiterId, actor.id),
              inArray(assessmentInvitation.email, emails),
            ),
          )
      : [];
    const invitedByEmail = new Map(invited.map((i) => [i.email, i]));
    const aiAssistedReview = await usesAiReview(tx, templateRow.id);
    const now = new Date();

    for (const row of open) {
      const account = byEmail.get(row.email);
      if (account) {
        if (account.role !== 'candidate') row.reason = BULK_SKIP_REASONS.staffAddress;
        else if (account.banned) row.reason = BULK_SKIP_REASONS.unavailable;
        else if (alreadyAssigned.has(account.id)) row.reason = BULK_SKIP_REASONS.alreadyAssigned;
        else {
          const id = timestampId('assessment');
          await insertAssignment(w, deps, {
            id,
            templateRow,
            candidate: account,
            actor,
            companyName,
            dueDate: row.dueDate,
            message: query.message,
            invite: true,
          });
          // An earlier invitation to this address is answered by this assignment.
          await tx
            .update(assessmentInvitation)
            .set({ acceptedAt: new Date(), assessmentId: id })
            .where(
              and(
                eq(assessmentInvitation.templateId, templateRow.id),
                eq(assessmentInvitation.recruiterId, actor.id),
                eq(assessmentInvitation.email, row.email),
                isNull(assessmentInvitation.acceptedAt),
              ),
            );
          row.outcome = 'assigned';
          row.assessmentId = id;
          row.name = account.name;
        }
      } else if (
        invitedByEmail.get(row.email) &&
        (invitedByEmail.get(row.email)?.acceptedAt ||
          (invitedByEmail.get(row.email)?.expiresAt ?? now) > now)
      ) {
        row.reason = BULK_SKIP_REASONS.alreadyInvited;
      } else if (!row.name) {
        row.reason = BULK_SKIP_REASONS.missingName;
      } else {
        const token = randomBytes(32).toString('base64url');
        const expiresAt = invitationExpiry(now);
        const expired = invitedByEmail.get(row.email);
        if (expired) {
          // Resending an expired invitation: a new link (the old one stays dead), a new expiry.
          await tx
            .update(assessmentInvitation)
            .set({
              tokenHash: hashToken(token),
              name: row.name,
              dueDate: row.dueDate,
              message: query.message,
              expiresAt,
            })
            .where(eq(assessmentInvitation.id, expired.id));
        } else {
          await tx.insert(assessmentInvitation).values({
            id: newId(),
            tokenHash: hashToken(token),
            templateId: templateRow.id,
            recruiterId: actor.id,
            email: row.email,
            name: row.name,
            dueDate: row.dueDate,
            message: query.message,
            expiresAt,
          });
        }
        const mail = bulkInvitationMail({
          to: row.email,
          // No account, no choice: the admin's default (docs/decisions/023).
          language: await adminDefaultLanguage(tx),
          name: row.name,
          recruiterName: actor.name,
          companyName,
          title: templateRow.title,
          dueDate: row.dueDate,
          message: query.message,
          url: invitationUrl(deps.appUrl, token),
          expiresAt,
          aiAssistedReview,
        });
        await w.mail(mail);
        row.outcome = 'invited';
      }
    }
  });
  const count = (o: BulkRowResult['outcome']) => results.filter((r) => r.outcome === o).length;
  results.sort((a, b) => a.row - b.row);
  return {
    rows: results,
    assigned: count('assigned'),
    invited: count('invited'),
    skipped: count('skipped'),
  };
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// --- the invitee's side -------------------------------------------------------------------

async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({
      invitation: assessmentInvitation,
      title: assessmentTemplate.title,
      recruiterName: user.name,
    })
    .from(assessmentInvitation)
    .innerJoin(assessmentTemplate, eq(assessmentTemplate.id, assessmentInvitation.templateId))
    .innerJoin(user, eq(user.id, assessmentInvitation.recruiterId))
    .where(eq(assessmentInvitation.tokenHash, hashToken(token)));
  if (!row) {
    throw notFound('This invitation link is not valid. Ask the recruiter for a new one');
  }
  return row;
}

/** An invitation not yet used whose link is past its expiry: 410 with who can send a new one. */
function refuseExpired(row: Awaited<ReturnType<typeof findInvitation>>) {
  const { invitation, recruiterName } = row;
  if (invitation.acceptedAt || invitation.expiresAt > new Date()) return;
  throw codedError(
    410,
    coded('invitation-expired', { date: toIsoDate(invitation.expiresAt), name: recruiterName }),
    { expired: true },
  );
}

async function accountOf(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  return row ?? null;
}

/** What the sign-up screen shows for a link (whoever holds it read the invitee's mail). */
export async function invitationInfo(db: Db, token: string) {
  const found = await findInvitation(db, token);
  refuseExpired(found);
  const { invitation, title, recruiterName } = found;
  return {
    email: invitation.email,
    name: invitation.name,
    title,
    recruiterName,
    dueDate: invitation.dueDate,
    accepted: invitation.acceptedAt !== null,
    accountExists: (await accountOf(db, invitation.email)) !== null,
  };
}

/**
 * Assigns every open invitation to this address (any recruiter's) to the candidate, in the
 * caller's transaction; answers the assessments made, keyed by invitation id.
 */
async function acceptAll(
  w: Work,
  deps: BulkDeps,
  candidate: { id: string; name: string; email: string },
): Promise<{ byInvitation: Map<string, string>; assigned: string[] }> {
  const { tx } = w;
  const open = await tx
    .select({ invitation: assessmentInvitation, recruiter: user })
    .from(assessmentInvitation)
    .innerJoin(user, eq(user.id, assessmentInvitation.recruiterId))
    .where(
      and(
        eq(assessmentInvitation.email, candidate.email),
        isNull(assessmentInvitation.acceptedAt),
        gt(assessmentInvitation.expiresAt, new Date()),
      ),
    )
    .for('update', { of: assessmentInvitation });
  const byInvitation = new Map<string, string>();
  const assigned: string[] = [];
  for (const { invitation, recruiter } of open) {
    const [templateRow] = await tx
      .select()
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, invitation.templateId));
    if (!templateRow) continue;
    const id = timestampId('assessment');
    // No second mail: the invitation itself told them about it.
    await insertAssignment(w, deps, {
      id,
      templateRow,
      candidate,
      actor: { id: recruiter.id, name: recruiter.name, email: recruiter.email, role: 'recruiter' },
      companyName: await recruiterCompany(tx, recruiter.id),
      dueDate: invitation.dueDate,
      message: invitation.message,
      invite: false,
    });
    await tx
      .update(assessmentInvitation)
      .set({ acceptedAt: new Date(), assessmentId: id })
      .where(eq(assessmentInvitation.id, invitation.id));
    byInvitation.set(invitation.id, id);
    assigned.push(id);
  }
  return { byInvitation, assigned };
}

/**
 * Sign-up through the invitation link. The link was mailed to the address and carries a
 * 256-bit token, so holding it proves the address as the verification link would: the
 * account is made verified, for the invitation's address (never one the caller names), and
 * the open invitations to it become assessments. The caller then signs in with the password.
 */
export async function signUpWithInvitation(
  deps: BulkDeps,
  token: string,
  input: { name: string; password: string },
): Promise<{ email: string; assessmentId: string }> {
  const found = await findInvitation(deps.db, token);
  const { invitation } = found;
  if (invitation.acceptedAt) {
    throw new AppError(409, 'This invitation was already used. Log in to open the assessment');
  }
  refuseExpired(found);
  if (await accountOf(deps.db, invitation.email)) {
    throw new AppError(
      409,
      'An account with this address already exists. Log in, then open the link again',
    );
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    const message = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
    throw new AppError(400, message, [{ path: ['password'], message }]);
  }
  let account: { id: string; name: string; email: string };
  try {
    account = await createAccount(deps.auth, {
      email: invitation.email,
      password: input.password,
      name: input.name,
      role: 'candidate',
    });
  } catch (error) {
    // Two tabs racing: the other one made the account.
    if (await accountOf(deps.db, invitation.email)) {
      throw new AppError(409, 'An account with this address already exists. Log in instead');
    }
    throw error;
  }
  const { byInvitation, assigned } = await write(deps, (w) => acceptAll(w, deps, account));
  const assessmentId = byInvitation.get(invitation.id) ?? assigned[0];
  if (!assessmentId) throw notFound('The assessment of this invitation no longer exists');
  return { email: invitation.email, assessmentId };
}

/** A signed-in candidate opening their invitation link: its open invitations are assigned. */
export async function acceptInvitation(deps: BulkDeps, actor: Actor, token: string) {
  assertRole(actor, 'candidate');
  const found = await findInvitation(deps.db, token);
  const { invitation } = found;
  if (invitation.email !== actor.email.toLowerCase()) {
    throw forbidden('This invitation was sent to another address');
  }
  refuseExpired(found);
  if (invitation.acceptedAt) {
    if (!invitation.assessmentId) throw notFound('The assessment of this invitation was removed');
    return { assessmentId: invitation.assessmentId };
  }
  const { byInvitation } = await write(deps, (w) =>
    acceptAll(w, deps, { id: actor.id, name: actor.name, email: actor.email.toLowerCase() }),
  );
  const assessmentId = byInvitation.get(invitation.id);
  if (!assessmentId) throw notFound('The assessment of this invitation no longer exists');
  return { assessmentId };
}
