/**
 * The pages the browser stages measure. Add a line to measure another page,
 * e.g. `{ name: 'dashboard', path: '/candidate', signedInAs: 'candidate', lighthouseTarget: 90 }`.
 */
export interface BenchPage {
  /** Short name used in the summary. */
  name: string;
  /** Path on the app, e.g. '/login'. */
  path: string;
  /** Sign in a fresh user of this type before loading the page. */
  signedInAs?: 'candidate' | 'recruiter';
  /** Gzipped JavaScript budget for this page, KB (1 KB = 1024 bytes). Omit to skip the stage. */
  jsBudgetKb?: number;
  /** Lighthouse performance score target (0-100, mobile). Omit to skip the stage. */
  lighthouseTarget?: number;
}

export const pages: BenchPage[] = [
  // DESIGN.md §6: first screen at most 150 KB gzipped JS; Lighthouse >= 90 (we aim for 95).
  { name: 'login', path: '/login', jsBudgetKb: 150, lighthouseTarget: 95 },
];
