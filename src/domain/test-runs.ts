import { z } from 'zod';

export const RUN_STATUSES = [
  'queued',
  'running',
  'passed',
  'failed',
  'error',
  'timeout',
  'out-of-memory',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const FINISHED_STATUSES: readonly RunStatus[] = [
  'passed',
  'failed',
  'error',
  'timeout',
  'out-of-memory',
];

export const RUN_TRIGGERS = ['candidate', 'submit', 'reviewer'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export const RUN_STATUS_LABELS: Record<RunStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  passed: { label: 'Passed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  error: { label: 'Error', color: 'orange' },
  timeout: { label: 'Timed out', color: 'orange' },
  'out-of-memory': { label: 'Out of memory', color: 'orange' },
};

export const RUN_TRIGGER_LABELS: Record<RunTrigger, string> = {
  candidate: 'Candidate',
  submit: 'On submit',
  reviewer: 'Reviewer',
};

export const testFailureSchema = z.object({ name: z.string(), message: z.string() });

export const testRunSchema = z.object({
  id: z.string(),
  assessmentId: z.string(),
  requestedById: z.string().nullable(),
  requestedByName: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  /** Whether the template's hidden tests ran too (never for a candidate's own run). */
  includeHidden: z.boolean(),
  status: z.enum(RUN_STATUSES),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  failures: z.array(testFailureSchema),
  output: z.string(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;

export const testRunListSchema = z.object({
  /** Whether the project has tests this server can run. */
  runnable: z.boolean(),
  /** Why not, when it cannot (no tests in the project, or no sandbox on the server). */
  reason: z.string().nullable(),
  runs: z.array(testRunSchema),
});
export type TestRunList = z.infer<typeof testRunListSchema>;

export const TEST_RUN_TEXTS = {
  runTests: 'Run Tests',
  running: 'Running tests...',
  queued: 'Waiting for a free runner...',
  noRuns: 'No test runs yet.',
  alreadyRunning:
    'A test run for this assessment is already queued or running. Wait for it to finish.',
  notRunnable: 'This project has no automated tests.',
  onlyInProgress: 'Tests can be run only while the assessment is in progress.',
  canRun: 'Tests can run',
  noTests: 'No automated tests',
} as const;

// --- starter projects -------------------------------------------------------

export const STARTER_PROJECT_KEYS = [
  'typescript',
  'javascript',
  'python',
  'go',
  'java',
  'sql',
] as const;
export type StarterProjectKey = (typeof STARTER_PROJECT_KEYS)[number];
/** How a project's tests run: node --test (JavaScript, TypeScript), pytest, go test, JUnit 5; or not at all. */
export const PROJECT_RUNNERS = ['node', 'python', 'go', 'java', 'none'] as const;
export type ProjectRunner = (typeof PROJECT_RUNNERS)[number];
export type TestLanguage = Exclude<ProjectRunner, 'none'>;
export const TEST_LANGUAGES: readonly TestLanguage[] = ['node', 'python', 'go', 'java'];

export const TEST_LANGUAGE_LABELS: Record<TestLanguage, string> = {
  node: 'JavaScript and TypeScript',
  python: 'Python',
  go: 'Go',
  java: 'Java',
};

/** Shown on the template and in the workspace when a server lacks a language's toolchain. */
export function languageUnavailableText(language: TestLanguage): string {
  return language === 'node'
    ? 'JavaScript and TypeScript tests cannot run on this server'
    : `${TEST_LANGUAGE_LABELS[language]} tests cannot run on this server`;
}

/** Reads a stored runner value (older projects have none; unknown values are none). */
export function parseRunner(value: unknown): ProjectRunner | undefined {
  return typeof value === 'string' && (PROJECT_RUNNERS as readonly string[]).includes(value)
    ? (value as ProjectRunner)
    : undefined;
}

/** Limits of an uploaded project zip. */
export const ZIP_LIMITS = {
  maxZipBytes: 1024 * 1024,
  maxFiles: 60,
  maxVisibleFiles: 50,
  maxFileBytes: 200_000,
  maxTotalBytes: 2 * 1024 * 1024,
} as const;

/** Folders of a zip whose files are hidden tests: run on submit and by reviewers, never shown to the candidate. */
export const HIDDEN_TEST_FOLDERS = ['hidden/', '.hidden-tests/'] as const;

const TEST_FILE =
  /(^|\/)(test\/.*\.(c|m)?[jt]s|[^/]*[._-]test\.(c|m)?[jt]s|test-[^/]*\.(c|m)?[jt]s)$/;

/** Test files per language, as each runner finds them. */
export const LANGUAGE_TEST_FILES: Record<TestLanguage, RegExp> = {
  node: TEST_FILE,
  // pytest's default discovery: test_*.py or *_test.py.
  python: /(^|\/)(test_[^/]*|[^/]*_test)\.py$/,
  // go test ./...: *_test.go of every package (go skips testdata, vendor and names starting with . or _).
  go: /^(?:(?!(?:testdata|vendor)\/)[^/._][^/]*\/)*[^/._][^/]*_test\.go$/,
  // JUnit's usual names: FooTest, FooTests, TestFoo.
  java: /(^|\/)([^/]*Tests?|Test[^/]*)\.java$/,
};

/** Whether a file list has tests the node runner picks up. */
export function hasTestFiles(paths: string[]): boolean {
  return paths.some((p) => TEST_FILE.test(p));
}

/** The language of a project's tests from its files (node first, then Python, Go, Java), or none. */
export function detectRunner(paths: string[]): ProjectRunner {
  for (const language of TEST_LANGUAGES) {
    if (paths.some((p) => LANGUAGE_TEST_FILES[language].test(p))) return language;
  }
  return 'none';
}

/** A project runs as it says (the template's choice), or (older projects, uploads) as its test files show. */
export function projectRunner(project: { runner?: ProjectRunner; files: { path: string }[] }) {
  if (project.runner) return project.runner;
  return detectRunner(project.files.map((f) => f.path));
}

/** Which languages' tests this server can run, and why not (the template form, the Integrations page). */
export const testLanguagesSchema = z.object({
  languages: z.array(
    z.object({
      language: z.enum(['node', 'python', 'go', 'java']),
      label: z.string(),
      available: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
export type TestLanguages = z.infer<typeof testLanguagesSchema>;

export const projectSummarySchema = z.object({
  name: z.string(),
  runner: z.enum(PROJECT_RUNNERS),
  fileNames: z.array(z.string()),
  hiddenFileNames: z.array(z.string()),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** What the template form shows for each built-in project (the files stay on the server). */
export const STARTER_PROJECT_INFO: Record<
  StarterProjectKey,
  { label: string; description: string; runnable: boolean }
> = {
  typescript: {
    label: 'TypeScript: auth service (password policy)',
    description: 'An Express auth service; node:test tests, TypeScript transpiled before running.',
    runnable: true,
  },
  javascript: {
    label: 'JavaScript: shopping cart (discount codes)',
    description: 'ES modules with node:test tests.',
    runnable: true,
  },
  python: {
    label: 'Python: library late fees',
    description: 'Plain Python 3 with pytest tests.',
    runnable: true,
  },
  go: {
    label: 'Go: article URL slugs',
    description: 'Standard library only; go test.',
    runnable: true,
  },
  java: {
    label: 'Java: invoices with VAT',
    description: 'Java 17 with JUnit 5 tests.',
    runnable: true,
  },
  sql: {
    label: 'SQL: bookshop reports',
    description: 'Queries and notes for the reviewer to read.',
    runnable: false,
  },
};
