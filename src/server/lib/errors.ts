import type { ZodError } from 'zod';
import type { Coded } from '../../domain/error-codes';
import { codedText } from '../../domain/error-texts';
import { TEXTS } from '../../domain/texts';

/** An error whose message is meant for the user; status picks the HTTP code. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
    /** More fields for the JSON body (e.g. the stored file on a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * An error assembled from parts (a count, a wait, a list): the English text as `message`,
 * and the code with its parameters, which the browser translates (decision 023).
 */
export function codedError(
  status: AppError['status'],
  error: Coded,
  extra?: Record<string, unknown>,
  /** The field it is about, listed in `issues` as a validation failure would be. */
  field?: string,
) {
  const message = codedText(error);
  return new AppError(status, message, field ? [{ path: [field], message }] : undefined, {
    ...extra,
    code: error.code,
    params: error.params,
  });
}

export const unauthorized = (message: string = TEXTS.mustBeLoggedIn) => new AppError(401, message);
export const forbidden = (message = "You don't have permission to do this") =>
  new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);

/** A zod failure as the API's 400: the first message up front, every issue listed. */
export function validationError(error: ZodError): AppError {
  const issues = error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
  const first = issues[0];
  const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  return new AppError(400, first ? `${where}${first.message}` : 'Invalid input', issues);
}
