import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './http';

/**
 * The policy every page and answer carries. Scripts come only from our own
 * origin (the build has no inline script). Styles may be inline: Mantine and
 * CodeMirror write <style> elements and style attributes at run time, and
 * style cannot run code (docs/decisions/008). Nothing may frame the app.
 */
export function contentSecurityPolicy(appUrl: string): string {
  const origin = new URL(appUrl);
  const socket = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(appUrl: string): MiddlewareHandler<AppEnv> {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(appUrl)],
    ['X-Frame-Options', 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    // The reset page carries its token in the URL: never send it to another site.
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (appUrl.startsWith('https://')) {
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  }
  return async (c, next) => {
    await next();
    // Set on the answer's own headers: c.header() after the answer was made copies the
    // whole Response once per header. A Response whose headers are immutable (one made
    // elsewhere) is copied once, through c.header.
    const own = c.res.headers;
    try {
      for (const [name, value] of headers) if (!own.has(name)) own.set(name, value);
    } catch {
      for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value);
    }
  };
}

const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>TalentForge API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true });\n`;

/**
 * The API reference at /api/docs: Swagger UI served from its npm package on
 * our own origin (no script from a CDN), started by a script file, not inline.
 */
export function mountApiDocs(app: Hono<AppEnv>) {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, string> = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  };
  app.get('/api/docs', (c) => c.html(API_DOCS_PAGE));
  app.get('/api/docs/start.js', (c) =>
    c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/api/docs/:asset', async (c) => {
    const name = c.req.param('asset');
    const type = assets[name];
    if (!type) return c.json({ message: 'Not found' }, 404);
    const body = await readFile(path.join(dist, name));
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}
