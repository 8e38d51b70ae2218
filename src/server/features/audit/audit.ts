import type { Db, Tx } from '../../db/client';
import { type AuditEntry, recordAudit } from '../../lib/unit-of-work';

export type { Tx };
export { type AuditEntry, recordAudit };

/**
 * Runs a change and its audit row in one transaction: either both land or
 * neither does. `describe` turns the change's result into the entry; return
 * null from it when nothing changed (nothing is recorded then).
 */
export function audited<T>(
  db: Db,
  change: (tx: Tx) => Promise<T>,
  describe: (result: T) => AuditEntry | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const entry = describe(result);
    if (entry) await recordAudit(tx, entry);
    return result;
  });
}
