import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEPARTMENT_TEXTS,
  type DepartmentOption,
  type departmentChangeSchema,
  duplicateName,
  type ManagedDepartment,
  nameKey,
  type newDepartmentSchema,
  notOffered,
} from '../../../domain/departments';
import { coded } from '../../../domain/error-codes';
import type { Db, Tx } from '../../db/client';
import { assessmentTemplate, department, job, profile, user } from '../../db/schema';
import { AppError, codedError, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { type AuditEntry, type Work, type WriteDeps, write } from '../../lib/unit-of-work';

/** Departments mail nobody; a write still takes the mailer (the unit of work's deps). */
export type DepartmentDeps = WriteDeps;

type Row = typeof department.$inferSelect;
type Reader = Pick<Db, 'select'>;

const byName = asc(sql`lower(${department.name})`);

/** Every signed-in user: the departments one may file something under, by name. */
export async function listActiveDepartments(
  { db }: Pick<DepartmentDeps, 'db'>,
  _actor: Actor,
): Promise<DepartmentOption[]> {
  return db
    .select({ id: department.id, name: department.name })
    .from(department)
    .where(eq(department.archived, false))
    .orderBy(byName);
}

/** Admin profiles naming the department (their department is a name in the profile's JSON). */
const adminsNaming = (name: string) =>
  sql`lower(${profile.details}->>'department') = lower(${name})`;

async function usageOf(db: Reader, row: Pick<Row, 'id' | 'name'>) {
  const count = sql<number>`count(*)::int`;
  // One after another: they may run inside a transaction.
  const [templates] = await db
    .select({ n: count })
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.departmentId, row.id));
  const [jobs] = await db.select({ n: count }).from(job).where(eq(job.departmentId, row.id));
  const [admins] = await db
    .select({ n: count })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.userId))
    .where(and(eq(user.role, 'admin'), adminsNaming(row.name)));
  return { templates: templates?.n ?? 0, jobs: jobs?.n ?? 0, admins: admins?.n ?? 0 };
}

/** The Departments tab (admin): every department with what uses it and its templates. */
export async function listManagedDepartments(
  { db }: Pick<DepartmentDeps, 'db'>,
  actor: Actor,
): Promise<ManagedDepartment[]> {
  assertRole(actor, 'admin');
  const rows = await db
    .select({
      department,
      // Written out: drizzle leaves columns unqualified in a one-table select, which a
      // correlated subquery would read as its own table's.
      jobCount: sql<number>`(select count(*)::int from "job" j where j."department_id" = "department"."id")`,
      adminCount: sql<number>`(select count(*)::int from "profile" p join "user" u on u."id" = p."user_id" where u."role" = 'admin' and lower(p."details"->>'department') = lower("department"."name"))`,
    })
    .from(department)
    .orderBy(byName);
  const ids = rows.map((r) => r.department.id);
  const templates =
    ids.length === 0
      ? []
      : await db
          .select({
            id: assessmentTemplate.id,
            title: assessmentTemplate.title,
            roleName: assessmentTemplate.roleName,
            active: assessmentTemplate.active,
            departmentId: assessmentTemplate.departmentId,
          })
          .from(assessmentTemplate)
          .where(inArray(assessmentTemplate.departmentId, ids))
          .orderBy(asc(sql`lower(${assessmentTemplate.title})`));
  return rows.map(({ department: d, jobCount, adminCount }) => {
    const own = templates
      .filter((t) => t.departmentId === d.id)
      .map(({ departmentId: _, ...t }) => t);
    return {
      id: d.id,
      name: d.name,
      archived: d.archived,
      templateCount: own.length,
      jobCount,
      adminCount,
      templates: own,
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
    };
  });
}

/** Another department already has this name (whatever its case)? */
async function assertNameFree(db: Reader, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ name: department.name })
    .from(department)
    .where(
      and(
        sql`lower(${department.name}) = lower(${name})`,
        exceptId ? ne(department.id, exceptId) : undefined,
      ),
    );
  if (clash) throw nameTaken(clash.name);
}

const nameTaken = (name: string) =>
  new AppError(409, duplicateName(name), [{ path: ['name'], message: duplicateName(name) }]);

/** Runs a change; a unique-name race that slipped past the check is told like the check. */
async function guardName<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

const entry = (
  actor: Actor,
  action: string,
  id: string,
  before: Row | null,
  after: Row | null,
): AuditEntry => ({ actor, action, targetType: 'department', targetId: id, before, after });

export async function createDepartment(
  deps: DepartmentDeps,
  actor: Actor,
  input: z.output<typeof newDepartmentSchema>,
): Promise<ManagedDepartment> {
  assertRole(actor, 'admin');
  await assertNameFree(deps.db, input.name);
  const row = await guardName(input.name, () =>
    write(deps, async (w) => {
      const [created] = await w.tx
        .insert(department)
        .values({ id: timestampId('dept'), name: input.name })
        .returning();
      await w.audit(entry(actor, 'department.create', created!.id, null, created!));
      publishChanged(w);
      return created!;
    }),
  );
  return {
    id: row.id,
    name: row.name,
    archived: row.archived,
    templateCount: 0,
    jobCount: 0,
    adminCount: 0,
    templates: [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function actionOf(before: Row, change: z.output<typeof departmentChangeSchema>) {
  const renamed = change.name !== undefined && change.name !== before.name;
  const archiving = change.archived !== undefined && change.archived !== before.archived;
  if (renamed && archiving) return 'department.update';
  if (renamed) return 'department.rename';
  if (archiving) return change.archived ? 'department.archive' : 'department.restore';
  return null;
}

/**
 * Rename, archive or bring back. A rename reaches everything at once: templates
 * and jobs read the name through their link, and admin profiles naming the old
 * name are moved to the new one in the same transaction.
 */
export async function changeDepartment(
  deps: DepartmentDeps,
  actor: Actor,
  id: string,
  change: z.output<typeof departmentChangeSchema>,
): Promise<ManagedDepartment> {
  assertRole(actor, 'admin');
  if (change.name !== undefined) await assertNameFree(deps.db, change.name, id);
  await guardName(change.name, () =>
    write(deps, async (w) => {
      const { tx } = w;
      const [before] = await tx
        .select()
        .from(department)
        .where(eq(department.id, id))
        .for('update');
      if (!before) throw notFound(DEPARTMENT_TEXTS.notFound);
      const action = actionOf(before, change);
      if (!action) return;
      const [after] = await tx
        .update(department)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.archived !== undefined ? { archived: change.archived } : {}),
        })
        .where(eq(department.id, id))
        .returning();
      if (change.name !== undefined && change.name !== before.name) {
        await renameInAdminProfiles(tx, before.name, change.name);
      }
      await w.audit(entry(actor, action, id, before, after ?? null));
      publishChanged(w);
    }),
  );
  const all = await listManagedDepartments(deps, actor);
  const found = all.find((d) => d.id === id);
  if (!found) throw notFound(DEPARTMENT_TEXTS.notFound);
  return found;
}

async function renameInAdminProfiles(tx: Tx, from: string, to: string) {
  await tx
    .update(profile)
    .set({ details: sql`jsonb_set(${profile.details}, '{department}', to_jsonb(${to}::text))` })
    .where(adminsNaming(from));
}

/** Only a department nothing uses; otherwise 409 with what uses it. */
export async function deleteDepartment(deps: DepartmentDeps, actor: Actor, id: string) {
  assertRole(actor, 'admin');
  await write(deps, async (w) => {
    const { tx } = w;
    const [row] = await tx.select().from(department).where(eq(department.id, id)).for('update');
    if (!row) throw notFound(DEPARTMENT_TEXTS.notFound);
    const usage = await usageOf(tx, row);
    if (usage.templates + usage.jobs + usage.admins > 0) {
      throw codedError(409, coded('department-in-use', { name: row.name, ...usage }), { usage });
    }
    try {
      await tx.delete(department).where(eq(department.id, id));
    } catch (error) {
      // A template or job filed under it since the count: the foreign key refuses.
      if (isForeignKeyViolation(error)) {
        const now = await usageOf(deps.db, row);
        throw codedError(409, coded('department-in-use', { name: row.name, ...now }), {
          usage: now,
        });
      }
      throw error;
    }
    await w.audit(entry(actor, 'department.delete', id, row, null));
    publishChanged(w);
  });
}

/**
 * The department a template or job is filed under, from the name the form
 * sends (any case): an active one, or the one it already has (kept when archived).
 */
export async function resolveDepartment(
  db: Reader,
  name: string,
  keepId?: string | null,
  field = 'department',
  /** Inside the caller's transaction: hold the row until it commits (no archive or delete meanwhile). */
  lock = false,
  /** Admin profiles keep a department by name: the name they already have. */
  keepName?: string,
): Promise<{ id: string; name: string }> {
  const query = db
    .select({ id: department.id, name: department.name, archived: department.archived })
    .from(department)
    .where(sql`lower(${department.name}) = lower(${name.trim()})`);
  const [row] = lock ? await query.for('share') : await query;
  const kept =
    row !== undefined &&
    (row.id === keepId || (keepName !== undefined && nameKey(keepName) === nameKey(row.name)));
  if (!row || (row.archived && !kept)) {
    const message = name.trim() ? notOffered(name.trim()) : DEPARTMENT_TEXTS.choose;
    throw new AppError(400, message, [{ path: [field], message }]);
  }
  return { id: row.id, name: row.name };
}

/** Departments and what shows them (templates, jobs, forms) refresh in open tabs, after the commit. */
function publishChanged(w: Work) {
  w.publish({ roles: ['admin', 'recruiter'] }, { type: 'templates.changed' });
}
