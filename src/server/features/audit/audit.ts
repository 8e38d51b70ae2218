import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/http';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run an insert: the database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

export interface AuditEntry {
  /** Who acted; null for the system (a script, a scheduled job). */
  actor: Pick<Actor, 'id' | 'name'> | null;
  /** Dotted name, e.g. 'template.update', 'user.set-role'. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row with the given writer: call it with the transaction of the change. */
export async function recordAudit(writer: Writer, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? 'System',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

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

/** Dates as ISO strings, undefined as null: what a JSON column keeps. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value));
}
