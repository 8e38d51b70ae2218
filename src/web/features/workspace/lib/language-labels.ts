import type { FileLanguage } from '../../../../domain/assessments';

/** The status bar's name of a file's language (kept apart from CodeMirror's own chunk). */
export const LANGUAGE_LABELS: Record<FileLanguage, string> = {
  typescript: 'TypeScript',
  javascript: 'JavaScript',
  markdown: 'Markdown',
  json: 'JSON',
  css: 'CSS',
  html: 'HTML',
  sql: 'SQL',
  yaml: 'YAML',
  python: 'Python',
  go: 'Go',
  java: 'Java',
  text: 'Plain text',
};
