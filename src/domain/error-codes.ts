// Types and names only (no zod, no texts): the browser's error handling imports this.
import type { JobAction, JobStatus } from './jobs';

/**
 * Server messages assembled from parts (counts, lists, waits, dates, English words picked
 * by state) cannot be keys of the `messages` catalogue, which is keyed by the English text
 * (docs/decisions/023). The API answers them with a code and its parameters beside the
 * English `message`: `{ message, code, params }`. The browser translates by code
 * (src/web/lib/messages.ts); the server writes the English (src/domain/error-texts.ts).
 *
 * A code is kebab-case and never changes meaning once shipped; its parameters are plain
 * JSON values (numbers for counts, seconds for waits, 'YYYY-MM-DD' for days).
 */
export interface ErrorParams {
  /** A department that templates, jobs or admin profiles still use cannot be deleted. */
  'department-in-use': { name: string; templates: number; jobs: number; admins: number };
  /** A job in this status has no such action (publish a closed job...). */
  'job-action-refused': { status: JobStatus; action: JobAction };
  /** A recruiter whose jobs or assessments candidates' records depend on cannot be erased. */
  'recruiter-has-records': { jobs: number; assessments: number };
  /** An assessment invitation link past its expiry day; `name` may send a new one. */
  'invitation-expired': { date: string; name: string };
  /** Abuse limits (HTTP 429): how long until the window reopens. */
  'wait-jobs': { seconds: number };
  'wait-invitations-sent': { seconds: number };
  'wait-invitations-received': { seconds: number };
  'wait-applications': { seconds: number };
  'wait-messages': { seconds: number };
  'wait-conversations': { seconds: number };
  'wait-test-mails': { seconds: number };
  'wait-erase-attempts': { seconds: number };
  /** A bulk invitation file refused as a whole, naming its row. */
  'bulk-row-not-utf8': { row: number };
  'bulk-quote-open': { row: number };
  'bulk-too-many-rows': { count: number; max: number; row: number };
  /** AI-assisted review (src/domain/ai-review.ts): why the AI endpoint could not help. */
  'ai-off': Record<string, never>;
  'ai-no-model': Record<string, never>;
  /** The daily token budget is used up; `until` is when it reopens (an ISO time). */
  'ai-budget-used': { until: string };
  'ai-timeout': Record<string, never>;
  'ai-rate-limited': Record<string, never>;
  'ai-server-error': Record<string, never>;
  'ai-unreachable': Record<string, never>;
  'ai-invalid-answer': Record<string, never>;
}

export type ErrorCode = keyof ErrorParams;

/** The codes of the abuse limits' refusals: their one parameter is the wait in seconds. */
export type WaitCode = {
  [C in ErrorCode]: ErrorParams[C] extends { seconds: number } ? C : never;
}[ErrorCode];

/** An error's code with its parameters, as the API sends them. */
export type Coded<C extends ErrorCode = ErrorCode> = {
  [K in C]: { code: K; params: ErrorParams[K] };
}[C];

export const coded = <C extends ErrorCode>(code: C, params: ErrorParams[C]) =>
  ({ code, params }) as Coded<C>;

const CODES: Record<ErrorCode, true> = {
  'department-in-use': true,
  'job-action-refused': true,
  'recruiter-has-records': true,
  'invitation-expired': true,
  'wait-jobs': true,
  'wait-invitations-sent': true,
  'wait-invitations-received': true,
  'wait-applications': true,
  'wait-messages': true,
  'wait-conversations': true,
  'wait-test-mails': true,
  'wait-erase-attempts': true,
  'bulk-row-not-utf8': true,
  'bulk-quote-open': true,
  'bulk-too-many-rows': true,
  'ai-off': true,
  'ai-no-model': true,
  'ai-budget-used': true,
  'ai-timeout': true,
  'ai-rate-limited': true,
  'ai-server-error': true,
  'ai-unreachable': true,
  'ai-invalid-answer': true,
};

/** Every code (the OpenAPI document lists them). */
export const ERROR_CODES = Object.keys(CODES) as ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(CODES, value);
