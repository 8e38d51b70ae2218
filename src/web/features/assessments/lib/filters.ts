import type { TFunction } from 'i18next';
import type { Assessment, AssessmentStatus, Template } from '../../../../domain/assessments';

/** The chip that matches every role (its label comes from the catalogue). */
export const ALL_POSITIONS = 'All Positions';

/** The position filter matches an assessment's or template's role; All Positions matches all. */
export function matchesPosition(item: Pick<Assessment, 'roleName'>, position: string): boolean {
  return position === ALL_POSITIONS || item.roleName.trim() === position;
}

/** The header search: candidate name or title (assessments), title or role (templates). */
export function matchesSearch(haystacks: string[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return haystacks.some((h) => h.toLowerCase().includes(needle));
}

export type ListFilter = { position: string; search: string };

/**
 * The position chips: All Positions, then every role that a template or an assessment of
 * this recruiter has (not a fixed list, so a "Backend" template can always be found).
 */
export function positionOptions(lists: readonly (readonly { roleName: string }[])[]): string[] {
  const roles = new Set<string>();
  for (const list of lists) {
    for (const item of list) {
      const role = item.roleName.trim();
      if (role) roles.add(role);
    }
  }
  return [ALL_POSITIONS, ...[...roles].sort((a, b) => a.localeCompare(b))];
}

/** A remembered choice that no longer exists falls back to All Positions. */
export function effectivePosition(chosen: string | null, options: readonly string[]): string {
  return chosen && options.includes(chosen) ? chosen : ALL_POSITIONS;
}

/** What the position filter hides, said out loud ("2 templates and 1 assessment hidden…"). */
export function hiddenByFilterText(
  t: TFunction<'recruiter'>,
  hiddenTemplates: number,
  hiddenAssessments: number,
): string | null {
  const templates = t('hidden.templates', { count: hiddenTemplates });
  const assessments = t('hidden.assessments', { count: hiddenAssessments });
  if (hiddenTemplates > 0 && hiddenAssessments > 0)
    return t('hidden.text', { items: t('hidden.both', { templates, assessments }) });
  if (hiddenTemplates > 0) return t('hidden.text', { items: templates });
  if (hiddenAssessments > 0) return t('hidden.text', { items: assessments });
  return null;
}

export function filterAssessments(list: Assessment[], { position, search }: ListFilter) {
  return list.filter(
    (a) => matchesPosition(a, position) && matchesSearch([a.candidateName, a.title], search),
  );
}

export function filterTemplates(list: Template[], { position, search }: ListFilter) {
  return list.filter(
    (t) => matchesPosition(t, position) && matchesSearch([t.title, t.roleName], search),
  );
}

/** The Results list's status filters; their labels are `resultFilters.<value>` in the catalogue. */
export const RESULT_FILTERS = [
  'all',
  'completed',
  'in-progress',
  'scheduled',
] as const satisfies readonly (AssessmentStatus | 'all')[];
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export type Figures = {
  total: number;
  inProgress: number;
  completed: number;
  /** Whole percent of assigned assessments that are completed; 0 when none. */
  completionRate: number;
  /** Mean of the scored ones, one decimal; null when none is scored. */
  averageScore: number | null;
};

/** The Active Assessments tab's insights, computed from the recruiter's assessments. */
export function figuresOf(list: Assessment[]): Figures {
  const completed = list.filter((a) => a.status === 'completed').length;
  const scores = list.map((a) => a.score).filter((s): s is number => s !== null);
  return {
    total: list.length,
    inProgress: list.filter((a) => a.status === 'in-progress').length,
    completed,
    completionRate: list.length === 0 ? 0 : Math.round((completed / list.length) * 100),
    averageScore:
      scores.length === 0
        ? null
        : Math.round((scores.reduce((sum, s) => sum + s, 0) / scores.length) * 10) / 10,
  };
}

/** Completed assessments, the most recently completed first. */
export function completedNewestFirst(list: Assessment[]): Assessment[] {
  return list
    .filter((a) => a.status === 'completed')
    .sort((a, b) => (b.completedDate ?? '').localeCompare(a.completedDate ?? ''));
}
