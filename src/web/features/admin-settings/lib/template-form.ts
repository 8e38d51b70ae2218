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
  /** A select's value, so a string ('2'). */
  durationHours: string;
  authorizedRecruiters: string[];
  tasks: TaskRow[];
};

let rowCounter = 0;
export const newTaskRow = (): TaskRow => ({
  key: `row-${++rowCounter}`,
  title: '',
  description: '',
  type: 'text',
});

export function durationLabel(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export const DURATION_OPTIONS = DURATION_HOURS.map((h) => ({
  value: String(h),
  label: durationLabel(h),
}));

/** A new template: active, no tasks yet but one empty row to fill, the admin's default duration. */
export function emptyTemplateValues(defaultDurationHours: number): TemplateFormValues {
  return {
    title: '',
    roleName: '',
    description: '',
    active: true,
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
    durationHours: String(duration),
    authorizedRecruiters: [...template.authorizedRecruiters],
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
    durationHours: Number(values.durationHours),
    authorizedRecruiters: values.authorizedRecruiters,
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
  for (const [path, message] of Object.entries(errors)) {
    const match = /^tasks\.(\d+)\.(.+)$/.exec(path);
    const kept = match ? keptRows[Number(match[1])] : undefined;
    mapped[match && kept ? `tasks.${kept.index}.${match[2]}` : path] = message;
  }
  return mapped;
}

/** The header's search: a case-insensitive match on the title or the role. */
export function matchesSearch(template: Pick<Template, 'title' | 'roleName'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return template.title.toLowerCase().includes(q) || template.roleName.toLowerCase().includes(q);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Spec section 3: dates are shown as 'N/A' when missing. */
export function formatCreated(value: string | null): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}

export function taskCount(count: number): string {
  return count === 1 ? '1 task' : `${count} tasks`;
}
