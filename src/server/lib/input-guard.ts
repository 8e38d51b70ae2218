import type { Context, MiddlewareHandler } from 'hono';
import { NUL_TEXT, nulPath } from '../../domain/inputs';
import type { AppEnv } from './http';

const WITH_BODY = /^(POST|PUT|PATCH|DELETE)$/;
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
/** A NUL byte, raw or percent-encoded, anywhere in the path or query. */
const hasNulInUrl = (url: string) => url.includes('\u0000') || /%00/.test(url);

/** The API's 400 shape, naming the field (query parameter or body path) where it can. */
const refuse = (c: Context<AppEnv>, path: (string | number)[]) =>
  c.json(
    {
      message: path.length ? `${path.join('.')}: ${NUL_TEXT}` : NUL_TEXT,
      issues: [{ path, message: NUL_TEXT }],
    },
    400,
  );

/** The query parameter holding a NUL character, or the path itself. */
function urlNulPath(url: string): string[] {
  const { pathname, search } = new URL(url);
  if (hasNulInUrl(pathname)) return ['path'];
  for (const part of search.slice(1).split('&')) {
    const [key = '', value = ''] = part.split('=');
    if (hasNulInUrl(value) || hasNulInUrl(key)) return [safeDecode(key).replaceAll('\u0000', '')];
  }
  return [];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * One gate for what no route may store: the NUL character (PostgreSQL text
 * cannot hold it) in the URL or in any key or string of a JSON body. It runs
 * before every route, better-auth's included, so no route can forget it.
 * The body is read once here and kept for the route (Hono caches it).
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (hasNulInUrl(c.req.url)) return refuse(c, urlNulPath(c.req.url));
    if (WITH_BODY.test(c.req.method) && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      const text = await c.req.text();
      // The cheap test first: a NUL can only be there raw or as the escape \u0000.
      if (text.includes('\u0000')) return refuse(c, []);
      if (/\\u0000/i.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return c.json({ message: 'The request body is not valid JSON' }, 400);
        }
        const path = nulPath(parsed);
        if (path) return refuse(c, path);
      }
    }
    await next();
  };
}
