import type { Context, MiddlewareHandler } from 'hono';

/** How much of a refused body is still read, and thrown away, so that the client hears the refusal. */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
/** And for how long at most. */
const DRAIN_MAX_MS = 30_000;

/**
 * Holds request bodies to `maxSize` (declared or, for a chunked body, counted as
 * it arrives), as hono's bodyLimit does, but refuses in a way the client reads.
 * Answering while the client is still sending, then closing the connection,
 * makes the kernel reset it: a browser uploading a 7 MB photo then reports a
 * connection reset instead of the 413 and its message. So the rest of a refused
 * body is read and thrown away first (up to DRAIN_MAX_BYTES and DRAIN_MAX_MS),
 * and the answer follows on a connection that stays good for the next request.
 * Only a body beyond that is answered at once with `Connection: close`.
 */
export function bodyLimit({
  maxSize,
  onError,
}: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  return async (c, next) => {
    // GET and HEAD carry no body; asking for it would build the whole fetch Request (an
    // AbortController, the headers copied) that the node adapter otherwise never makes.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = Number(c.req.raw.headers.get('content-length') ?? Number.NaN);
    if (!c.req.raw.headers.has('transfer-encoding') && Number.isFinite(declared)) {
      if (declared <= maxSize) return next();
      const drained = declared <= DRAIN_MAX_BYTES && (await drain(body.getReader(), 0));
      return refuse(c, drained, onError);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) return refuse(c, await drain(reader, size), onError);
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}

function refuse(
  c: Context,
  drained: boolean,
  onError: (c: Context) => Response | Promise<Response>,
) {
  // Still arriving: this connection cannot carry another request (and is closed after the answer).
  if (!drained) c.header('Connection', 'close');
  return onError(c);
}

/** Reads the body to its end; false when it goes past the caps first. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_MAX_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout') return false;
      if (next.done) return true;
      read += next.value.byteLength;
      if (read > DRAIN_MAX_BYTES) return false;
    }
  } catch {
    return false; // the client went away
  } finally {
    clearTimeout(timer);
  }
}
