import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { aiTemplateSettings } from '../../db/schema';

/**
 * Whether a template uses AI-assisted review: the invitation mails then tell the candidate
 * (docs/decisions/030). Its own file so that assignment code need not load the AI client.
 */
export async function usesAiReview(db: Db | Tx, templateId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: aiTemplateSettings.useAiReview })
    .from(aiTemplateSettings)
    .where(eq(aiTemplateSettings.templateId, templateId));
  return row?.on ?? false;
}
