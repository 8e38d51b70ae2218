import { type FormErrors, schemaResolver } from '@mantine/form';
import {
  DEFAULT_DURATION_HOURS,
  DURATION_HOURS,
  keepTitledTasks,
  type TaskType,
  type Template,
  type TemplateInput,
  templateInputSchema,
} from '../../../../domain/assessments';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import { translateErrors } from '../../../lib/messages';

/** One task row of the form; `key` only tells React rows apart, `id` is the stored task's. */
export type TaskRow = {
  key: string;
  id?: string;
  title: string;
  description: string;
  type: TaskType;
};

export type TemplateFormValues = {
  title: string;
  roleName: string;
  description: string;
  active: boolean;
  /** Candidates may change the visible tests (issue 24). */
  candidatesMayEditTests: boolean;
  /** A select's value, so a string ('2'). */
  durationHours: string;
  authorizedRecruiters: string[];
  /** The department's name (a select's value); null until chosen. */
  department: string | null;
  tasks: TaskRow[];
};

let rowCounter = 0;
export const newTaskRow = (): TaskRow => ({
  key: `row-${++rowCounter}`,
  title: '',
  description: '',
  type: 'text',
});

/**
 * The duration select's options, labelled in the reader's language by `label` (the
 * admin-settings catalogue's plural `duration`).
 */
export function durationOptions(label: (hours: number) => string) {
  return DURATION_HOURS.map((h) => ({ value: String(h), label: label(h) }));
}

/** A new template: active, no tasks yet but one empty row to fill, the admin's default duration. */
export function emptyTemplateValues(
  defaultDurationHours: number,
  department: string | null = null,
): TemplateFormValues {
  return {
    department,
    title: '',
    roleName: '',
    description: '',
    active: true,
    candidatesMayEditTests: false,
    durationHours: String(defaultDurationHours),
    authorizedRecruiters: [],
    tasks: [newTaskRow()],
  };
}

export function templateValues(template: Template): TemplateFormValues {
  const duration = (DURATION_HOURS as readonly number[]).includes(template.durationHours)
    ? template.durationHours
    : DEFAULT_DURATION_HOURS;
  return {
    title: template.title,
    roleName: template.roleName,
    description: template.description,
    active: template.active,
    candidatesMayEditTests: template.project.candidatesMayEditTests ?? false,
    durationHours: String(duration),
    authorizedRecruiters: [...template.authorizedRecruiters],
    department: template.department,
    tasks: template.tasks.map((t) => ({
      key: `task-${t.id}`,
      id: t.id,
      title: t.title,
      description: t.description,
      type: t.type,
    })),
  };
}

/**
 * The payload for POST/PUT /api/templates. Untitled rows are dropped (spec section 5).
 * `project` is left out on purpose: the server gives new templates the default sample
 * project and keeps the stored one on edit.
 */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  return {
    title: values.title.trim(),
    roleName: values.roleName.trim(),
    description: values.description.trim(),
    active: values.active,
    candidatesMayEditTests: values.candidatesMayEditTests,
    durationHours: Number(values.durationHours),
    authorizedRecruiters: values.authorizedRecruiters,
    ...(values.department ? { department: values.department } : {}),
    tasks: keepTitledTasks(values.tasks).map(({ id, title, description, type }) => ({
      ...(id ? { id } : {}),
      title: title.trim(),
      description: description.trim(),
      type,
    })),
  };
}

const resolveInput = schemaResolver(templateInputSchema, { sync: true });

/**
 * The domain schema checks what would be sent. Its task errors point at positions in
 * the filtered list, so they are mapped back to the rows the admin sees.
 */
export function validateTemplate(values: TemplateFormValues): FormErrors {
  const errors = resolveInput(toTemplateInput(values));
  const keptRows = values.tasks
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.title.trim() !== '');
  const mapped: FormErrors = {};
  // Every template belongs to a department (the API leaves it out only for older callers).
  if (!values.department) mapped.department = DEPARTMENT_TEXTS.choose;
  for (const [path, message] of Object.entries(errors)) {
    const match = /^tasks\.(\d+)\.(.+)$/.exec(path);
    const kept = match ? keptRows[Number(match[1])] : undefined;
    mapped[match && kept ? `tasks.${kept.index}.${match[2]}` : path] = message;
  }
  // The messages come in English from the shared rules: shown in the reader's language.
  return translateErrors(mapped);
}

/**
 * A new template's department: the admin's own (their profile) when it is active,
 * else the first active one. Shown in the form, so the admin sees and may change it.
 */
export function defaultDepartment(
  active: readonly { name: string }[],
  own: string | null | undefined,
): string | null {
  const mine = own ? active.find((d) => d.name.toLowerCase() === own.toLowerCase()) : undefined;
  return mine?.name ?? active[0]?.name ?? null;
}

/** The header's search: a case-insensitive match on the title or the role. */
export function matchesSearch(template: Pick<Template, 'title' | 'roleName'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return template.title.toLowerCase().includes(q) || template.roleName.toLowerCase().includes(q);
}
