import { eq } from 'drizzle-orm';
import { type AiSettings, aiSettingsSchema, DEFAULT_AI_SETTINGS } from '../../../domain/ai-review';
import type { Db } from '../../db/client';
import { setting } from '../../db/schema';

/** The admin's AI Configuration choices are the `setting` row of this key. */
export const AI_SETTINGS_KEY = 'ai-review';

/** The admin's choices; the defaults until saved (or when a stored value no longer parses). */
export async function readAiSettings(db: Pick<Db, 'select'>): Promise<AiSettings> {
  const [row] = await db.select().from(setting).where(eq(setting.key, AI_SETTINGS_KEY));
  const parsed = aiSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_AI_SETTINGS;
}
