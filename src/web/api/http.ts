import type { z } from 'zod';
import { errorSchema } from '../../domain/api';
import { ApiError, GENERIC_FAILURE } from './api-error';

export {
  ApiError,
  type ApiIssue,
  errorMessage,
  isRefusal,
  issuesToFormErrors,
  retryUnlessRefused,
} from './api-error';

type ApiFetchOptions<T extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (e.g. FormData); the browser sets the content type. */
  body?: BodyInit;
  /** Validates the success body; the result is typed from it. */
  schema: T;
  signal?: AbortSignal;
};

async function readError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status text.
  }
  const parsed = errorSchema.safeParse(payload);
  if (parsed.success) {
    const { message, issues, code, params } = parsed.data;
    return new ApiError(message, response.status, issues ?? [], { code, params });
  }
  if (response.status === 413) return new ApiError('The file is too large', 413);
  return new ApiError(response.statusText || GENERIC_FAILURE, response.status);
}

/** Calls the product's own API on the same origin, with the session cookie. */
export async function apiFetch<T extends z.ZodType>(
  path: string,
  { method = 'GET', json, body, schema, signal }: ApiFetchOptions<T>,
): Promise<z.infer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let requestBody: BodyInit | undefined = body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: requestBody,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach the server. Check your connection.', 0);
  }

  if (!response.ok) throw await readError(response);

  const data: unknown = response.status === 204 ? null : await response.json();
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError('The server sent an unexpected response', response.status);
  return parsed.data;
}
