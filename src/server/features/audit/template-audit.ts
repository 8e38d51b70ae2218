import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessmentTemplate } from '../../db/schema';
import type { Actor } from '../../lib/http';
import { type AuditEntry, recordAudit, type Tx } from './audit';

type TemplateRow = typeof assessmentTemplate.$inferSelect;

/** The template as the log keeps it: everything but the sample project's files. */
const brief = (row: TemplateRow | null | undefined) =>
  row ? { ...row, project: undefined } : null;

export const templateAudit = (
  actor: Actor,
  action: string,
  id: string | undefined,
  before: TemplateRow | null | undefined,
  after: TemplateRow | null | undefined,
): AuditEntry => ({
  actor,
  action,
  targetType: 'template',
  targetId: id ?? null,
  before: brief(before),
  after: brief(after),
});

/** A template update with its before and after, in one transaction with its audit row. */
export function auditedTemplateUpdate(
  db: Db,
  actor: Actor,
  id: string,
  change: (tx: Tx, before: TemplateRow | undefined) => Promise<TemplateRow[]>,
): Promise<TemplateRow[]> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, id))
      .for('update');
    const rows = await change(tx, before);
    if (rows[0])
      await recordAudit(tx, templateAudit(actor, 'template.update', id, before, rows[0]));
    return rows;
  });
}
