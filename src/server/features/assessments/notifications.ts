/** Bell items about assessments, and where to write to a user. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AssessmentNotificationEvent } from '../../../domain/messaging';
import type { Db, Tx } from '../../db/client';
import { assessmentNotification, user } from '../../db/schema';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { recipientLanguage } from '../../mail/recipient-language';
import type { AssessmentDeps } from './read-model';

/** A bell item for one user about an assessment, written in the caller's transaction. */
export async function addNotification(
  tx: Tx,
  input: {
    /** Null for an erased candidate: nobody to tell, nothing is added. */
    userId: string | null;
    assessmentId: string;
    event: AssessmentNotificationEvent;
    title: string;
    fromName: string;
  },
) {
  const { userId, ...rest } = input;
  if (userId === null) return;
  await tx.insert(assessmentNotification).values({ id: newId(), userId, ...rest });
}

/** Where and in which language (docs/decisions/023) to write to a user. */
export async function emailOf(db: Db, userId: string | null) {
  if (userId === null) return null;
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return row ? { ...row, language: await recipientLanguage(db, userId) } : null;
}

/** Opening an assessment's bell item marks it read (only the user's own). */
export async function markAssessmentNotificationsRead(
  { db }: AssessmentDeps,
  actor: Actor,
  ids: string[],
) {
  if (ids.length === 0) return;
  await db
    .update(assessmentNotification)
    .set({ readAt: new Date() })
    .where(
      and(
        inArray(assessmentNotification.id, ids),
        eq(assessmentNotification.userId, actor.id),
        isNull(assessmentNotification.readAt),
      ),
    );
}
