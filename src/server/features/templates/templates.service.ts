import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { aiTemplateSettingsSchema } from '../../../domain/ai-review';
import {
  DEFAULT_DURATION_HOURS,
  type DurationHours,
  type Settings,
  settingsSchema,
  type Template,
  type TemplateBody,
  type TemplateCreateInput,
  type TemplateInput,
  templateBodySchema,
} from '../../../domain/assessments';
import { DEFAULT_LANGUAGE } from '../../../domain/languages';
import { DEFAULT_PROJECT } from '../../../domain/sample-project';
import { STARTER_PROJECTS } from '../../../domain/starter-projects';
import type { Db } from '../../db/client';
import { assessmentTemplate, department, setting, user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { type Work, type WriteDeps, write } from '../../lib/unit-of-work';
import { writeTemplateAi } from '../ai-review/ai-review.service';
import { templateAudit } from '../audit/template-audit';
import { resolveDepartment } from '../departments/departments.service';

type Row = typeof assessmentTemplate.$inferSelect;

export function toTemplate(row: Row, departmentName: string | null = null): Template {
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
    blindReview: row.blindReview,
    similarityThreshold: row.similarityThreshold,
    department: row.departmentId ? departmentName : null,
    departmentId: row.departmentId,
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

/** Templates write through `write()`: the database, the mail worker and the realtime bus. */
export type TemplateDeps = WriteDeps & {
  /** After a settings change commits: caches of them are cleared (here and on the bus). */
  onSettingsChanged?: () => void;
};

export async function listTemplates({ db }: TemplateDeps, actor: Actor): Promise<Template[]> {
  assertRole(actor, 'admin', 'recruiter');
  const rows = await db
    .select({ template: assessmentTemplate, departmentName: department.name })
    .from(assessmentTemplate)
    .leftJoin(department, eq(department.id, assessmentTemplate.departmentId))
    .where(actor.role === 'admin' ? undefined : usableBy(actor.id))
    .orderBy(desc(assessmentTemplate.createdAt));
  return rows.map((r) => toTemplate(r.template, r.departmentName));
}

/** The template as the API answers it, with its department's name. */
async function withDepartment(db: Pick<Db, 'select'>, row: Row): Promise<Template> {
  if (!row.departmentId) return toTemplate(row);
  const [d] = await db
    .select({ name: department.name })
    .from(department)
    .where(eq(department.id, row.departmentId));
  return toTemplate(row, d?.name ?? null);
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

const withTaskIds = (tasks: TemplateBody['tasks']) =>
  tasks.map((t, i) => ({ ...t, id: t.id ?? timestampId(`task${i + 1}`) }));

/** A built-in starter project when one is chosen, else the given project (or none). */
function chosenProject(input: TemplateBody) {
  const project = input.starterProject ? STARTER_PROJECTS[input.starterProject] : input.project;
  const flag = input.candidatesMayEditTests;
  return project && flag !== undefined ? { ...project, candidatesMayEditTests: flag } : project;
}

/**
 * Routes hand over a body their declared schema already checked; scripts pass
 * plain input, which gets the schema's defaults here.
 */
const normalise = (input: TemplateInput): TemplateBody => templateBodySchema.parse(input);

export async function createTemplate(deps: TemplateDeps, actor: Actor, body: TemplateCreateInput) {
  assertRole(actor, 'admin');
  const input = normalise(body);
  const aiReview = body.aiReview ? aiTemplateSettingsSchema.parse(body.aiReview) : null;
  await checkRecruiters(deps.db, input.authorizedRecruiters);
  const defaults = await getSettings(deps, actor);
  const row = await write(deps, async (w) => {
    const [created] = await w.tx
      .insert(assessmentTemplate)
      .values({
        departmentId: input.department
          ? (await resolveDepartment(w.tx, input.department, null, 'department', true)).id
          : null,
        id: timestampId('template'),
        title: input.title,
        roleName: input.roleName,
        description: input.description,
        active: input.active,
        authorizedRecruiters: [...new Set(input.authorizedRecruiters)],
        durationHours: input.durationHours ?? defaults.defaultDurationHours,
        tasks: withTaskIds(input.tasks),
        project: chosenProject(input) ?? {
          ...DEFAULT_PROJECT,
          ...(input.candidatesMayEditTests === undefined
            ? {}
            : { candidatesMayEditTests: input.candidatesMayEditTests }),
        },
        blindReview: input.blindReview ?? false,
        ...(input.similarityThreshold ? { similarityThreshold: input.similarityThreshold } : {}),
      })
      .returning();
    await w.audit(templateAudit(actor, 'template.create', created?.id, null, created));
    // The AI tab of the create form: saved with the template or not at all.
    if (aiReview) await writeTemplateAi(w.tx, actor, created!.id, aiReview, null);
    announce(w);
    return created!;
  });
  return withDepartment(deps.db, row);
}

export async function updateTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: string,
  body: TemplateInput,
) {
  assertRole(actor, 'admin');
  const input = normalise(body);
  const project = chosenProject(input);
  await checkRecruiters(deps.db, input.authorizedRecruiters);
  const row = await write(deps, async (w) => {
    const [before] = await w.tx
      .select()
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, id))
      .for('update');
    const [after] = await w.tx
      .update(assessmentTemplate)
      .set({
        // Omitted: unchanged. An archived department stays on the template that has it.
        ...(input.department
          ? {
              departmentId: (
                await resolveDepartment(
                  w.tx,
                  input.department,
                  before?.departmentId,
                  'department',
                  true,
                )
              ).id,
            }
          : {}),
        title: input.title,
        roleName: input.roleName,
        description: input.description,
        active: input.active,
        authorizedRecruiters: [...new Set(input.authorizedRecruiters)],
        ...(input.durationHours ? { durationHours: input.durationHours } : {}),
        tasks: withTaskIds(input.tasks),
        ...(project
          ? { project }
          : input.candidatesMayEditTests !== undefined
            ? {
                // The switch alone: the project stays, its setting changes (issue 24).
                project: sql`jsonb_set(${assessmentTemplate.project}, '{candidatesMayEditTests}', ${JSON.stringify(input.candidatesMayEditTests)}::jsonb)`,
              }
            : {}),
        // Review switches (docs/decisions/026); omitted: unchanged.
        ...(input.blindReview === undefined ? {} : { blindReview: input.blindReview }),
        ...(input.similarityThreshold ? { similarityThreshold: input.similarityThreshold } : {}),
      })
      .where(eq(assessmentTemplate.id, id))
      .returning();
    if (!after) throw notFound('Assessment template not found');
    await w.audit(templateAudit(actor, 'template.update', id, before, after));
    announce(w);
    return after;
  });
  return withDepartment(deps.db, row);
}

/** Assessments already assigned keep their copy; they only lose the link. */
export async function deleteTemplate(deps: TemplateDeps, actor: Actor, id: string) {
  assertRole(actor, 'admin');
  await write(deps, async (w) => {
    const [gone] = await w.tx
      .delete(assessmentTemplate)
      .where(eq(assessmentTemplate.id, id))
      .returning();
    if (!gone) throw notFound('Assessment template not found');
    await w.audit(templateAudit(actor, 'template.delete', id, gone, null));
    announce(w);
  });
}

/** Admins' and recruiters' template lists refetch once the change has committed. */
function announce(w: Work) {
  w.publish({ roles: ['admin', 'recruiter'] }, { type: 'templates.changed' });
}

// --- settings and people ---------------------------------------------------------

const SETTINGS_KEY = 'assessments';

export async function getSettings(
  { db }: Pick<TemplateDeps, 'db'>,
  actor: Actor,
): Promise<Settings> {
  assertRole(actor, 'admin');
  return readSettings(db);
}

/** The General tab's settings as stored (defaults where none were saved). */
export async function readSettings(db: TemplateDeps['db']): Promise<Settings> {
  const [row] = await db.select().from(setting).where(eq(setting.key, SETTINGS_KEY));
  const parsed = settingsSchema.safeParse(row?.value);
  const stored = parsed.success
    ? parsed.data
    : { defaultDurationHours: DEFAULT_DURATION_HOURS as DurationHours };
  return { ...stored, defaultLanguage: stored.defaultLanguage ?? DEFAULT_LANGUAGE };
}

export async function saveSettings(deps: TemplateDeps, actor: Actor, input: Partial<Settings>) {
  assertRole(actor, 'admin');
  // A field the body leaves out keeps its stored value.
  const value = { ...(await readSettings(deps.db)), ...input };
  await write(deps, async (w) => {
    const [row] = await w.tx
      .select()
      .from(setting)
      .where(eq(setting.key, SETTINGS_KEY))
      .for('update');
    await w.tx
      .insert(setting)
      .values({ key: SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: setting.key, set: { value } });
    await w.audit({
      actor,
      action: 'settings.general.update',
      targetType: 'setting',
      targetId: SETTINGS_KEY,
      before: row?.value ?? null,
      after: value,
    });
  });
  deps.onSettingsChanged?.();
  return value;
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
