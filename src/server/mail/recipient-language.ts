import { inArray } from 'drizzle-orm';
import { type Language, languageFor } from '../../domain/languages';
import type { Db, Tx } from '../db/client';
import { user } from '../db/schema';
import { readSettings } from '../features/templates/templates.service';

type Reader = Db | Tx;

/**
 * The admin's default language (General settings): what a mail to someone who never chose
 * (or has no account: an invitation, a careers applicant) is written in.
 */
export async function adminDefaultLanguage(db: Reader): Promise<Language> {
  // readSettings only reads; a transaction reads the same way.
  return languageFor(null, (await readSettings(db as Db)).defaultLanguage);
}

/**
 * The language each of these users is written to in (docs/decisions/023): their own
 * choice, else the admin's default. Answers a lookup; an unknown id gets the default.
 */
export async function recipientLanguages(
  db: Reader,
  userIds: readonly (string | null | undefined)[],
): Promise<(userId: string | null | undefined) => Language> {
  const fallback = await adminDefaultLanguage(db);
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: user.id, language: user.language })
          .from(user)
          .where(inArray(user.id, ids));
  const chosen = new Map(rows.map((r) => [r.id, languageFor(r.language, fallback)]));
  return (userId) => (userId ? chosen.get(userId) : undefined) ?? fallback;
}

/** The language one user is written to in. */
export async function recipientLanguage(db: Reader, userId: string): Promise<Language> {
  return (await recipientLanguages(db, [userId]))(userId);
}
