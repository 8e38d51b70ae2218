import { translateCoded, translateMessage } from '../lib/messages';

export type ApiIssue = { path: (string | number)[]; message: string };

/**
 * Any failed call to /api/*: the server's message, the HTTP status and field issues if any;
 * for a message made from parts, its code and values (docs/decisions/023).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  readonly code: string | undefined;
  readonly params: Record<string, string | number>;

  constructor(
    message: string,
    status: number,
    issues: ApiIssue[] = [],
    coded: { code?: string | undefined; params?: Record<string, string | number> | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.code = coded.code;
    this.params = coded.params ?? {};
  }
}

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** The message to show for any thrown value, in the reader's language where we have it. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code) {
    const coded = translateCoded(error.code, error.params);
    if (coded !== null) return coded;
  }
  if (error instanceof Error && error.message) return translateMessage(error.message);
  if (typeof error === 'string' && error) return translateMessage(error);
  return translateMessage(GENERIC_FAILURE);
}

/** A refusal (403) or a missing resource (404): asking again will not change the answer. */
export const isRefusal = (error: unknown) =>
  error instanceof ApiError && [403, 404].includes(error.status);

/** TanStack Query's `retry` for reads: twice, except after a refusal. */
export const retryUnlessRefused = (count: number, error: unknown) => count < 2 && !isRefusal(error);

/** Server issues ([{path, message}]) as Mantine form errors keyed 'a.b.c', the first per field. */
export function issuesToFormErrors(issues: ApiIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
