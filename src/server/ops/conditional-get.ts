import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** The headers a 304 keeps (RFC 9110 15.4.5). */
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary'];

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match against the current validator, weakly (a compressed copy still matches). */
function matches(etag: string, ifNoneMatch: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === current);
}

/**
 * ETag and 304 Not Modified for GET and HEAD answers of 200: static files (whose
 * Last-Modified and size give the validator without reading them, as nginx does) and
 * rendered pages (a hash of the body). If-None-Match wins over If-Modified-Since, which
 * is used only without it (RFC 9110 13.2.2).
 */
export function conditionalGet(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.res.status !== 200) return;
    const res = c.res;
    const lastModified = res.headers.get('last-modified');
    let etag = res.headers.get('etag');
    if (!etag) {
      const length = res.headers.get('content-length');
      if (lastModified && length) {
        const time = Date.parse(lastModified) / 1000;
        etag = `"${time.toString(16)}-${Number(length).toString(16)}"`;
      } else if (c.req.method === 'GET' && res.body) {
        const body = new Uint8Array(await res.clone().arrayBuffer());
        etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      } else {
        return;
      }
      res.headers.set('ETag', etag);
    }
    const ifNoneMatch = c.req.header('if-none-match');
    const ifModifiedSince = c.req.header('if-modified-since');
    const notModified = ifNoneMatch
      ? matches(etag, ifNoneMatch)
      : Boolean(
          ifModifiedSince &&
            lastModified &&
            Date.parse(lastModified) <= Date.parse(ifModifiedSince),
        );
    if (!notModified) return;
    await res.body?.cancel();
    const headers = new Headers();
    for (const name of KEPT_ON_304) {
      const value = res.headers.get(name);
      if (value) headers.set(name, value);
    }
    // A fresh answer, not a copy: Hono would carry the 200's headers (its length) over.
    c.res = undefined as unknown as Response;
    c.res = new Response(null, { status: 304, headers });
  };
}
