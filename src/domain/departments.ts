import { z } from 'zod';
import { idSchema } from './inputs';

/**
 * Spec section 2 (admin settings, Departments): the six the product starts
 * with. The migration seeds them; admins add, rename, archive and delete from
 * there (the `department` table is the list, this is only its first state).
 */
export const DEFAULT_DEPARTMENTS = [
  'Engineering',
  'Marketing',
  'Sales',
  'Product',
  'Design',
  'Customer Support',
] as const;

export const MAX_DEPARTMENT_NAME = 60;

export const DEPARTMENT_TEXTS = {
  nameRequired: 'Enter a department name',
  nameTooLong: `A department name has at most ${MAX_DEPARTMENT_NAME} characters`,
  nameNul: 'A department name must not contain the NUL character',
  nameControl: 'A department name must not contain line breaks or control characters',
  choose: 'Choose a department',
  notFound: 'Department not found',
  nothingToChange: 'Give a new name or say whether the department is archived',
  loading: 'Loading departments...',
  failedLoad: 'Failed to load departments',
  empty: 'No departments yet. Add one to file templates and jobs under it.',
  noneActive: 'No active departments. An admin can add one in Settings, Departments.',
  noDepartment: 'No department',
  allDepartments: 'All departments',
} as const;

export const duplicateName = (name: string) => `A department named “${name}” already exists`;
export const notOffered = (name: string) =>
  `“${name}” is not an active department. Choose one from the list.`;

export const archivedNoCopy = (name: string) =>
  `“${name}” is archived, so a copy cannot be filed under it. Post a new job in an active department instead.`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What keeps a department from being deleted, as the admin reads it. */
export interface DepartmentUsage {
  templates: number;
  jobs: number;
  admins: number;
}

export function usageText({ templates, jobs, admins }: DepartmentUsage): string | null {
  const parts = [
    templates ? plural(templates, 'template', 'templates') : null,
    jobs ? plural(jobs, 'job', 'jobs') : null,
    admins ? plural(admins, 'admin profile', 'admin profiles') : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return list ?? null;
}

export const inUseMessage = (name: string, usage: DepartmentUsage) =>
  `“${name}” cannot be deleted: ${usageText(usage)} ${
    usage.templates + usage.jobs + usage.admins === 1 ? 'uses' : 'use'
  } it. Move them to another department or archive it instead.`;

/**
 * A department's name as stored: trimmed, inner runs of spaces made one, no
 * control characters, 1 to 60 characters. Uniqueness ignores case.
 */
export const departmentNameSchema = z
  .string({ error: DEPARTMENT_TEXTS.nameRequired })
  .max(MAX_DEPARTMENT_NAME * 4, DEPARTMENT_TEXTS.nameTooLong)
  .refine((s) => !s.includes('\u0000'), DEPARTMENT_TEXTS.nameNul)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((s) => !/[\u0001-\u001f\u007f]/.test(s), DEPARTMENT_TEXTS.nameControl)
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, DEPARTMENT_TEXTS.nameRequired)
      .max(MAX_DEPARTMENT_NAME, DEPARTMENT_TEXTS.nameTooLong),
  );

/** The comparison key of a name: case and spacing do not make another department. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** POST /api/departments. */
export const newDepartmentSchema = z.object({ name: departmentNameSchema });
export type NewDepartment = z.input<typeof newDepartmentSchema>;

/** PATCH /api/departments/{id}: rename, archive or bring back (at least one). */
export const departmentChangeSchema = z
  .object({
    name: departmentNameSchema.optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((c) => c.name !== undefined || c.archived !== undefined, {
    message: DEPARTMENT_TEXTS.nothingToChange,
  });
export type DepartmentChange = z.input<typeof departmentChangeSchema>;

/** A department someone may file something under (GET /api/departments). */
export const departmentOptionSchema = z.object({ id: z.string(), name: z.string() });
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;

export const departmentTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  roleName: z.string(),
  active: z.boolean(),
});

/** The Departments tab (admin): every department, what uses it and its templates. */
export const managedDepartmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  templateCount: z.number().int(),
  jobCount: z.number().int(),
  adminCount: z.number().int(),
  templates: z.array(departmentTemplateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManagedDepartment = z.infer<typeof managedDepartmentSchema>;

export const departmentIdParam = z.object({ id: idSchema });

/**
 * A form's choices: the active departments, plus the one a template or job
 * already has when it has since been archived (it keeps it; others cannot pick it).
 */
export function departmentChoices(
  active: readonly DepartmentOption[],
  current: string | null | undefined,
): { value: string; label: string }[] {
  const options = active.map((d) => ({ value: d.name, label: d.name }));
  if (current && !active.some((d) => nameKey(d.name) === nameKey(current))) {
    options.push({ value: current, label: `${current} (archived)` });
  }
  return options;
}
