import { eq } from 'drizzle-orm';
import type { Language } from '../../../domain/languages';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import type { Actor } from '../../lib/http';
import { adminDefaultLanguage, recipientLanguages } from '../../mail/recipient-language';

/** The admin's default language (General tab): for new users and mails to people who never chose. */
export const defaultLanguage = (db: Db): Promise<Language> => adminDefaultLanguage(db);

/** Saves the signed-in user's language; null goes back to following the browser and the default. */
export async function setUserLanguage(
  db: Db,
  actor: Actor,
  language: Language | null,
): Promise<{ language: Language | null }> {
  await db.update(user).set({ language }).where(eq(user.id, actor.id));
  return { language };
}

/** The language to write to a user in (their choice, else the admin's default). */
export async function languageOfUser(db: Db, userId: string): Promise<Language> {
  return (await recipientLanguages(db, [userId]))(userId);
}
