import type { assessmentTemplate } from '../../db/schema';
import type { Actor } from '../../lib/http';
import type { AuditEntry } from './audit';

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
