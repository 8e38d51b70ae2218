import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESS_MIN_BYTES, COMPRESSIBLE, negotiateEncoding } from './compression';

/** One file of the built web app, with its compressed forms, as it is sent. */
export interface StaticFile {
  body: Buffer;
  /** Text files of a kilobyte or more; null for the rest (images, fonts, tiny files). */
  encoded: { br: Buffer; gzip: Buffer } | null;
  type: string;
  /** Of the plain body; the compressed forms send it weak (as the compression middleware). */
  etag: string;
  lastModified: string;
}

/** Brotli's best for the small files the build did not compress (HTML, JSON, manifests). */
const brotliFor = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]:
        body.length <= 256 * 1024 ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

function readVariant(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

function* filesUnder(root: string, dir = ''): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const name = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, name);
    else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) yield name;
  }
}

/**
 * Every file of the built web app read once, at start: the build's .br and .gz copies
 * (vite.config.ts), and for text files it did not compress, both made here. Requests then
 * cost no file system call. A few megabytes; the app is rebuilt only with a restart.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of filesUnder(root)) {
    const file = path.join(root, name);
    const body = readFileSync(file);
    const type = getMimeType(name) ?? 'application/octet-stream';
    const compressible = COMPRESSIBLE.test(type) && body.length >= COMPRESS_MIN_BYTES;
    files.set(`/${name}`, {
      body,
      encoded: compressible
        ? {
            br: readVariant(`${file}.br`) ?? brotliFor(body),
            gzip: readVariant(`${file}.gz`) ?? gzipSync(body, { level: 9 }),
          }
        : null,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      lastModified: statSync(file).mtime.toUTCString(),
    });
  }
  return files;
}

/**
 * Sends the built files from memory: brotli or gzip as the client takes them, an ETag and
 * Last-Modified (conditionalGet answers with 304; mountWebApp sets Cache-Control). A path
 * that is no file (a page of the app) goes on to the next handler.
 */
export function serveStaticFromMemory(files: Map<string, StaticFile>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const wanted = c.req.path.endsWith('/') ? `${c.req.path}index.html` : c.req.path;
    const file = files.get(wanted);
    if (!file) return next();
    const encoding = file.encoded ? negotiateEncoding(c.req.header('accept-encoding')) : null;
    const body = encoding && file.encoded ? file.encoded[encoding] : file.body;
    c.header('Content-Type', file.type);
    c.header('Content-Length', String(body.length));
    c.header('Last-Modified', file.lastModified);
    c.header('ETag', encoding ? `W/${file.etag}` : file.etag);
    if (file.encoded) c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    if (c.req.method === 'HEAD') return c.body(null, 200);
    // A view of the kept bytes, not a copy.
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), 200);
  };
}
