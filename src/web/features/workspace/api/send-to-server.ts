import { z } from 'zod';

const errorBodySchema = z.object({ message: z.string() });

/** Browsers cap the bodies of keepalive requests at 64 KiB in total. */
const KEEPALIVE_MAX_CHARS = 60_000;

export type ServerAnswer =
  | { ok: true; status: number; payload: unknown }
  /** status 0: the server could not be reached. */
  | { ok: false; status: number; message: string; payload: unknown };

/**
 * The request of the workspace's local outbox (outbox.ts): JSON to the server for the
 * autosave and the playback upload. Unlike apiFetch it can send with `keepalive` (so a send
 * started as the page is hidden still reaches the server), hands back the body of a refusal
 * (a 409 carries the server's version), and never throws.
 */
export async function sendToServer(
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  body: unknown,
  { keepalive, failure }: { keepalive: boolean; failure: string },
): Promise<ServerAnswer> {
  const json = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: json,
      credentials: 'same-origin',
      keepalive: keepalive && json.length <= KEEPALIVE_MAX_CHARS,
    });
  } catch {
    return { ok: false, status: 0, message: 'Could not reach the server', payload: null };
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // An empty or non-JSON body (a proxy error page): the status says enough.
  }
  if (response.ok) return { ok: true, status: response.status, payload };
  const error = errorBodySchema.safeParse(payload);
  return {
    ok: false,
    status: response.status,
    message: error.success ? error.data.message : response.statusText || failure,
    payload,
  };
}

/** A 2xx whose body is not what the client expects: treated as a server error (retried). */
export const UNEXPECTED = { status: 500, message: 'The server sent an unexpected response' };
