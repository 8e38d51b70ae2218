import type { Db } from '../../db/client';
import type { assessment } from '../../db/schema';
import type { Actor } from '../../lib/http';
import { recordAudit, type Tx } from './audit';

type AssessmentRow = typeof assessment.$inferSelect;
type Evaluated = {
  id: string;
  score: number | null;
  feedback: string | null;
  reviewedAt?: Date | null;
};

const evaluation = (row: Partial<Evaluated> | undefined) =>
  row ? { score: row.score ?? null, feedback: row.feedback ?? null } : null;

/** A recruiter's score and feedback, saved in one transaction with its audit row. */
export function auditedEvaluation(
  db: Db,
  actor: Actor,
  before: Partial<Evaluated> & { id: string },
  change: (tx: Tx) => Promise<AssessmentRow[]>,
): Promise<AssessmentRow[]> {
  return db.transaction(async (tx) => {
    const rows = await change(tx);
    if (rows[0]) {
      await recordAudit(tx, {
        actor,
        action: 'assessment.evaluate',
        targetType: 'assessment',
        targetId: before.id,
        before: evaluation(before),
        after: evaluation(rows[0]),
      });
    }
    return rows;
  });
}
