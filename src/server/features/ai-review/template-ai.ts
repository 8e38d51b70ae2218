/** A template's AI review settings and rubric (admins): off, with the starter rubric, until saved. */
import { eq } from 'drizzle-orm';
import {
  type AiTemplateSettings,
  aiTemplateSettingsSchema,
  STARTER_RUBRIC,
} from '../../../domain/ai-review';
import type { Db, Tx } from '../../db/client';
import { aiTemplateSettings, assessmentTemplate } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { recordAudit } from '../../lib/unit-of-work';

export async function templateSettings(db: Db, templateId: string): Promise<AiTemplateSettings> {
  const [row] = await db
    .select()
    .from(aiTemplateSettings)
    .where(eq(aiTemplateSettings.templateId, templateId));
  return row
    ? { useAiReview: row.useAiReview, scoreBeforeAi: row.scoreBeforeAi, rubric: row.rubric }
    : { useAiReview: false, scoreBeforeAi: false, rubric: STARTER_RUBRIC };
}

async function assertTemplate(db: Db, templateId: string) {
  const [row] = await db
    .select({ id: assessmentTemplate.id })
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.id, templateId));
  if (!row) throw notFound('Template not found');
}

export async function getTemplateAi(deps: { db: Db }, actor: Actor, templateId: string) {
  assertRole(actor, 'admin');
  await assertTemplate(deps.db, templateId);
  return templateSettings(deps.db, templateId);
}

/** Stores a template's AI settings and audits the change, in the caller's transaction. */
export async function writeTemplateAi(
  tx: Tx,
  actor: Actor,
  templateId: string,
  value: AiTemplateSettings,
  before: AiTemplateSettings | null,
) {
  await tx
    .insert(aiTemplateSettings)
    .values({ templateId, ...value })
    .onConflictDoUpdate({ target: aiTemplateSettings.templateId, set: value });
  await recordAudit(tx, {
    actor,
    action: 'template.ai-settings',
    targetType: 'template',
    targetId: templateId,
    before,
    after: value,
  });
}

export async function saveTemplateAi(
  deps: { db: Db },
  actor: Actor,
  templateId: string,
  input: AiTemplateSettings,
) {
  assertRole(actor, 'admin');
  const value = aiTemplateSettingsSchema.parse(input);
  await assertTemplate(deps.db, templateId);
  const before = await templateSettings(deps.db, templateId);
  await deps.db.transaction((tx) => writeTemplateAi(tx, actor, templateId, value, before));
  return value;
}
