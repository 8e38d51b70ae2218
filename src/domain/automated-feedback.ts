import { z } from 'zod';
import { FINISHED_STATUSES, RUN_STATUSES, type RunStatus, type TestRun } from './test-runs';

/** Spec section 2 and 9: feedback detail select, default Standard. */
export const FEEDBACK_DETAILS = ['basic', 'standard', 'detailed', 'comprehensive'] as const;
export type FeedbackDetail = (typeof FEEDBACK_DETAILS)[number];
export const DEFAULT_FEEDBACK_DETAIL: FeedbackDetail = 'standard';

export const FEEDBACK_DETAIL_LABELS: Record<FeedbackDetail, string> = {
  basic: 'Basic',
  standard: 'Standard',
  detailed: 'Detailed',
  comprehensive: 'Comprehensive',
};
export const FEEDBACK_DETAIL_DESCRIPTIONS: Record<FeedbackDetail, string> = {
  basic: 'Passed or failed, and the pass rate',
  standard: 'Basic, plus the names of the failing tests',
  detailed: 'Standard, plus each failure’s message',
  comprehensive: 'Detailed, plus the start of the test output',
};

/** Comprehensive shows at most this much of a run's output. */
export const FEEDBACK_OUTPUT_CHARS = 2000;
/** At most this many failing tests are listed; the rest are counted. */
export const FEEDBACK_MAX_FAILURES = 50;

/** AI Configuration tab: what the admin chooses; the server applies it to every read. */
export const feedbackSettingsSchema = z.object({
  /** Automated feedback from the test runs, shown to reviewers beside the score form. */
  automatedFeedback: z.boolean({ error: 'automatedFeedback must be true or false' }),
  feedbackDetail: z.enum(FEEDBACK_DETAILS, {
    error: 'Choose Basic, Standard, Detailed or Comprehensive',
  }),
  /** After evaluation, the candidate sees it too, with their score. */
  shareWithCandidate: z.boolean({ error: 'shareWithCandidate must be true or false' }),
});
export type FeedbackSettings = z.infer<typeof feedbackSettingsSchema>;

export const DEFAULT_FEEDBACK_SETTINGS: FeedbackSettings = {
  automatedFeedback: true,
  feedbackDetail: DEFAULT_FEEDBACK_DETAIL,
  shareWithCandidate: false,
};

export const AI_TEXTS = {
  modelsOff:
    'No AI model is configured on this server, so AI-written feedback, code review and scoring suggestions are off. Nothing is sent to an AI service.',
  feedbackOff: 'Automated feedback is turned off by an admin.',
  noRun: 'No finished test run yet.',
  notRunnable: 'This project has no automated tests, so there is no automated feedback.',
  hiddenWithheld:
    'This assessment has hidden tests, so only the result and the pass rate are shared.',
  notShared: 'Automated feedback is not shared with candidates.',
  notYet: 'Automated feedback is shared once the assessment has been evaluated.',
} as const;

export const feedbackFailureSchema = z.object({
  name: z.string(),
  /** Detailed and Comprehensive only. */
  message: z.string().optional(),
});

/** What one finished run tells, cut to the detail level (the server cuts it; the client shows it). */
export const automatedFeedbackSchema = z.object({
  detail: z.enum(FEEDBACK_DETAILS),
  runId: z.string(),
  runStatus: z.enum(RUN_STATUSES),
  /** Whether the run included the hidden tests. */
  includeHidden: z.boolean(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(['passed', 'failed', 'incomplete']),
  passed: z.number().int(),
  failed: z.number().int(),
  /** Whole percent of tests passed; null when no test ran. */
  passRate: z.number().int().nullable(),
  /** Standard and up. */
  failures: z.array(feedbackFailureSchema).optional(),
  /** How many failures were left out of the list (more than FEEDBACK_MAX_FAILURES). */
  moreFailures: z.number().int().optional(),
  /** Comprehensive only: the start of the output. */
  output: z.string().optional(),
  outputTruncated: z.boolean().optional(),
});
export type AutomatedFeedback = z.infer<typeof automatedFeedbackSchema>;

/** GET /api/assessments/{id}/automated-feedback. */
export const automatedFeedbackReplySchema = z.object({
  /** The feedback, or null with the reason in `note`. */
  feedback: automatedFeedbackSchema.nullable(),
  note: z.string().nullable(),
});
export type AutomatedFeedbackReply = z.infer<typeof automatedFeedbackReplySchema>;

const isFinished = (status: RunStatus) => FINISHED_STATUSES.includes(status);

/**
 * The run the feedback is about: the newest finished run with the hidden tests
 * (on submit, or a reviewer's), else the newest finished run. Runs newest first.
 */
export function feedbackRun<R extends Pick<TestRun, 'status' | 'includeHidden'>>(
  runs: readonly R[],
): R | null {
  const finished = runs.filter((r) => isFinished(r.status));
  return finished.find((r) => r.includeHidden) ?? finished[0] ?? null;
}

/** The feedback of one run at one level; `level` is the most that may be shown. */
export function buildFeedback(
  run: Pick<
    TestRun,
    'id' | 'status' | 'includeHidden' | 'finishedAt' | 'passed' | 'failed' | 'failures' | 'output'
  >,
  level: FeedbackDetail,
): AutomatedFeedback {
  const total = run.passed + run.failed;
  const rank = FEEDBACK_DETAILS.indexOf(level);
  const feedback: AutomatedFeedback = {
    detail: level,
    runId: run.id,
    runStatus: run.status,
    includeHidden: run.includeHidden,
    finishedAt: run.finishedAt,
    outcome: run.status === 'passed' ? 'passed' : run.status === 'failed' ? 'failed' : 'incomplete',
    passed: run.passed,
    failed: run.failed,
    passRate: total > 0 ? Math.floor((run.passed / total) * 100) : null,
  };
  if (rank >= FEEDBACK_DETAILS.indexOf('standard')) {
    const listed = run.failures.slice(0, FEEDBACK_MAX_FAILURES);
    feedback.failures = listed.map((f) =>
      rank >= FEEDBACK_DETAILS.indexOf('detailed')
        ? { name: f.name, message: f.message }
        : { name: f.name },
    );
    feedback.moreFailures = run.failures.length - listed.length;
  }
  if (rank >= FEEDBACK_DETAILS.indexOf('comprehensive')) {
    const chars = Array.from(run.output);
    feedback.output = chars.slice(0, FEEDBACK_OUTPUT_CHARS).join('');
    feedback.outputTruncated = chars.length > FEEDBACK_OUTPUT_CHARS;
  }
  return feedback;
}

export const OUTCOME_LABELS: Record<AutomatedFeedback['outcome'], string> = {
  passed: 'All tests passed',
  failed: 'Some tests failed',
  incomplete: 'The run did not complete',
};
