import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  DEFAULT_DURATION_HOURS,
  type DurationHours,
  keepTitledTasks,
  type Settings,
  settingsSchema,
  type Template,
  templateInputSchema,
} from '../../../domain/assessments';
import { DEFAULT_PROJECT } from '../../../domain/sample-project';
import type { Db } from '../../db/client';
import { assessmentTemplate, setting, user } from '../../db/schema';
import { AppError, notFound, validationError } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import type { EventBus } from '../../realtime/event-bus';
import { audited } from '../audit/audit';
import { auditedTemplateUpdate, templateAudit } from '../audit/template-audit';

type Row = typeof assessmentTemplate.$inferSelect;

export function toTemplate(row: Row): Template {
  return {
    id: row.id,
    title: row.title,
    roleName: row.roleName,
    description: row.description,
    active: row.active,
    authorizedRecruiters: row.authorizedRecruiters,
    durationHours: row.durationHours,
    tasks: row.tasks,
    project: row.project,
    createdAt: row.createdAt?.toISOString() ?? null,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** Spec section 6: an active template whose list is empty or names the recruiter. */
export const usableBy = (recruiterId: string) =>
  and(
    eq(assessmentTemplate.active, true),
    or(
      sql`jsonb_array_length(${assessmentTemplate.authorizedRecruiters}) = 0`,
      sql`${assessmentTemplate.authorizedRecruiters} ? ${recruiterId}`,
    ),
  );

export interface TemplateDeps {
  db: Db;
  bus: EventBus;
}

export async function listTemplates({ db }: TemplateDeps, actor: Actor): Promise<Template[]> {
  assertRole(actor, 'admin', 'recruiter');
  const rows = await db
    .select()
    .from(assessmentTemplate)
    .where(actor.role === 'admin' ? undefined : usableBy(actor.id))
    .orderBy(desc(assessmentTemplate.createdAt));
  return rows.map(toTemplate);
}

async function checkRecruiters(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, ids), eq(user.role, 'recruiter')));
  if (found.length !== new Set(ids).size) {
    throw new AppError(400, 'Only recruiters can be authorised to use a template');
  }
}

function parseInput(body: unknown) {
  // Spec section 5: a task is added only if it has a title.
  const raw = body as { tasks?: unknown };
  const withTitled =
    raw && Array.isArray(raw.tasks)
      ? {
          ...raw,
          tasks: keepTitledTasks(
            raw.tasks.filter((t): t is { title: string } => typeof t?.title === 'string'),
          ),
        }
      : body;
  const parsed = templateInputSchema.safeParse(withTitled);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const withTaskIds = (tasks: ReturnType<typeof parseInput>['tasks']) =>
  tasks.map((t, i) => ({ ...t, id: t.id ?? timestampId(`task${i + 1}`) }));

export async function createTemplate(deps: TemplateDeps, actor: Actor, body: unknown) {
  assertRole(actor, 'admin');
  const input = parseInput(body);
  await checkRecruiters(deps.db, input.authorizedRecruiters);
  const defaults = await getSettings(deps, actor);
  const [row] = await audited(
    deps.db,
    (tx) =>
      tx
        .insert(assessmentTemplate)
        .values({
          id: timestampId('template'),
          title: input.title,
          roleName: input.roleName,
          description: input.description,
          active: input.active,
          authorizedRecruiters: [...new Set(input.authorizedRecruiters)],
          durationHours: input.durationHours ?? defaults.defaultDurationHours,
          tasks: withTaskIds(input.tasks),
          project: input.project ?? DEFAULT_PROJECT,
        })
        .returning(),
    ([created]) => templateAudit(actor, 'template.create', created?.id, null, created),
  );
  await announce(deps);
  return toTemplate(row!);
}

export async function updateTemplate(deps: TemplateDeps, actor: Actor, id: string, body: unknown) {
  assertRole(actor, 'admin');
  const input = parseInput(body);
  await checkRecruiters(deps.db, input.authorizedRecruiters);
  const [row] = await auditedTemplateUpdate(deps.db, actor, id, (tx) =>
    tx
      .update(assessmentTemplate)
      .set({
        title: input.title,
        roleName: input.roleName,
        description: input.description,
        active: input.active,
        authorizedRecruiters: [...new Set(input.authorizedRecruiters)],
        ...(input.durationHours ? { durationHours: input.durationHours } : {}),
        tasks: withTaskIds(input.tasks),
        ...(input.project ? { project: input.project } : {}),
      })
      .where(eq(assessmentTemplate.id, id))
      .returning(),
  );
  if (!row) throw notFound('Assessment template not found');
  await announce(deps);
  return toTemplate(row);
}

/** Assessments already assigned keep their copy; they only lose the link. */
export async function deleteTemplate(deps: TemplateDeps, actor: Actor, id: string) {
  assertRole(actor, 'admin');
  const deleted = await audited(
    deps.db,
    (tx) => tx.delete(assessmentTemplate).where(eq(assessmentTemplate.id, id)).returning(),
    ([gone]) => (gone ? templateAudit(actor, 'template.delete', id, gone, null) : null),
  );
  if (deleted.length === 0) throw notFound('Assessment template not found');
  await announce(deps);
}

async function announce({ bus }: TemplateDeps) {
  await bus.publish({
    audience: { roles: ['admin', 'recruiter'] },
    event: { type: 'templates.changed' },
  });
}

// --- settings and people ---------------------------------------------------------

const SETTINGS_KEY = 'assessments';

export async function getSettings(
  { db }: Pick<TemplateDeps, 'db'>,
  actor: Actor,
): Promise<Settings> {
  assertRole(actor, 'admin');
  const [row] = await db.select().from(setting).where(eq(setting.key, SETTINGS_KEY));
  const parsed = settingsSchema.safeParse(row?.value);
  return parsed.success
    ? parsed.data
    : { defaultDurationHours: DEFAULT_DURATION_HOURS as DurationHours };
}

export async function saveSettings({ db }: Pick<TemplateDeps, 'db'>, actor: Actor, body: unknown) {
  assertRole(actor, 'admin');
  const parsed = settingsSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  await db
    .insert(setting)
    .values({ key: SETTINGS_KEY, value: parsed.data })
    .onConflictDoUpdate({ target: setting.key, set: { value: parsed.data } });
  return parsed.data;
}

/** Who may list whom: admins pick recruiters for templates; recruiters and admins pick candidates. */
const LISTERS = { recruiter: ['admin'], candidate: ['recruiter', 'admin'] } as const;

export async function listUsersByRole(
  { db }: Pick<TemplateDeps, 'db'>,
  actor: Actor,
  role: 'candidate' | 'recruiter',
  q = '',
) {
  assertRole(actor, ...LISTERS[role]);
  const term = q.trim().slice(0, 100);
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(
      and(
        eq(user.role, role),
        term ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(user.name))
    .limit(200);
}
