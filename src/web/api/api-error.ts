export type ApiIssue = { path: (string | number)[]; message: string };

/** Any failed call to /api/*: the server's message, the HTTP status and field issues if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];

  constructor(message: string, status: number, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
  }
}

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return GENERIC_FAILURE;
}
