import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the compression costs (and fit one packet anyway). */
export const COMPRESS_MIN_BYTES = 1024;

export const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json|ld\+json|problem\+json)|image\/svg\+xml)/i;

/** The encoding to answer with: brotli when the client takes it, gzip otherwise (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = quality('br');
  const gz = quality('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/**
 * Large bodies (the OpenAPI document, the API docs' bundle, the app's HTML) are the same
 * on every request: their compressed forms are kept, by content hash, so brotli runs once.
 */
const CACHE_FROM_BYTES = 64 * 1024;
const CACHE_ENTRIES = 32;
const cache = new Map<string, Buffer>();

async function compressBody(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const run = () =>
    encoding === 'br'
      ? brotli(body, {
          params: {
            // Quality 5: most of brotli's gain at a fraction of the default 11's time.
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipAsync(body, { level: 6 });
  if (body.length < CACHE_FROM_BYTES) return run();
  const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compressed = await run();
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, compressed);
  return compressed;
}

/**
 * gzip or brotli, as the client asks, for text-like answers of 1 KB or more: JSON, HTML,
 * scripts and styles. Answers already encoded, streamed (event streams), marked
 * no-transform, or not 200 are left alone.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status !== 200 || !res.body) return;
    if (res.headers.has('content-encoding')) return;
    if (/no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    const length = Number(res.headers.get('content-length') ?? Number.NaN);
    if (length < COMPRESS_MIN_BYTES) return;
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    if (!encoding) {
      c.header('Vary', 'Accept-Encoding', { append: true });
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const compress = body.length >= COMPRESS_MIN_BYTES;
    const out = compress ? await compressBody(body, encoding) : body;
    // Hono copies the old answer's headers onto a new one: set them after.
    c.res = new Response(new Uint8Array(out), res);
    const headers = c.res.headers;
    headers.append('Vary', 'Accept-Encoding');
    headers.set('Content-Length', String(out.length));
    if (!compress) return;
    headers.set('Content-Encoding', encoding);
    // The encoded body is another representation: a strong validator of the plain one
    // becomes weak (as nginx does), and still matches If-None-Match (weak comparison).
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
