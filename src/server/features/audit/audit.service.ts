import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditQuery } from '../../../domain/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { type Actor, assertRole } from '../../lib/http';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const dayAfter = (d: string) => new Date(new Date(`${d}T00:00:00Z`).getTime() + 86_400_000);

/** Admins only; read-only (no route changes or removes an entry, and a trigger refuses it). */
export async function listAudit(db: Db, actor: Actor, q: AuditQuery) {
  assertRole(actor, 'admin');
  const where: SQL[] = [];
  if (q.actor) {
    const pattern = `%${escapeLike(q.actor)}%`;
    where.push(or(eq(auditLog.actorId, q.actor), ilike(auditLog.actorName, pattern))!);
  }
  if (q.action) where.push(ilike(auditLog.action, `${escapeLike(q.action)}%`));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, dayAfter(q.to)));
  if (q.cursor) where.push(lt(auditLog.id, Number(q.cursor)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return {
    entries: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(page.at(-1)!.id) : null,
  };
}
