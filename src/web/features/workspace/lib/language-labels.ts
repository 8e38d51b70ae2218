import type { languageOf } from '../../../../domain/assessments';

/** The status bar's name of a file's language (kept apart from CodeMirror's own chunk). */
export const LANGUAGE_LABELS: Record<ReturnType<typeof languageOf>, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  markdown: 'Markdown',
  json: 'JSON',
};
