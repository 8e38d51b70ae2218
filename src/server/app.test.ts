import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger } from './lib/logger';
import { diskStorage } from './storage/storage';
import { createTestApp, type TestApp } from './test/harness';

const STYLE = `body { color: #123456; }\n${'.x { margin: 0; }\n'.repeat(200)}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let t: TestApp;
let webRoot: string;
let web: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  webRoot = await mkdtemp(path.join(tmpdir(), 'talentforge-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>TalentForge</title><div id="root"></div>',
  );
  await writeFile(
    path.join(webRoot, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  // As the build leaves it: a style with its brotli copy beside it, and an image.
  await writeFile(path.join(webRoot, 'assets', 'app-def456.css'), STYLE);
  await writeFile(path.join(webRoot, 'assets', 'app-def456.css.br'), brotliCompressSync(STYLE));
  await writeFile(path.join(webRoot, 'favicon.png'), PNG);
  web = createApp({
    env: t.env,
    database: t.database,
    auth: t.auth,
    storage: diskStorage(path.join(t.dataDir, 'files')),
    logger: createLogger('silent'),
    bus: t.bus,
    mailer: t.mailer,
    testRuns: t.testRuns,
    sessions: t.sessions,
    sessionsChanged: t.sessionsChanged,
    webRoot,
    metrics: t.metrics,
    stopping: () => false,
  });
});
afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves index.html for client routes, uncached', async () => {
    for (const route of ['/', '/login', '/candidate', '/messages/conversation/42']) {
      const res = await web.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a path that is no page with 404 and the app (which shows Page Not Found)', async () => {
    for (const route of [
      '/nope',
      '/sitemap.json',
      '/candidate/jobs/j1/extra',
      '/recruiter/job-listings/j1/delete',
      '/assessment/a1/b2',
    ]) {
      const res = await web.request(route);
      expect(res.status, route).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    // Pages with their parameters, as the router takes them.
    for (const route of ['/candidate/jobs/j1', '/assessment', '/assessment/a1', '/LOGIN/']) {
      expect((await web.request(route)).status, route).toBe(200);
    }
  });

  it('serves hashed assets compressed with a year of caching', async () => {
    const res = await web.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with JSON 404, not the web app', async () => {
    const res = await web.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});

describe('static files, from memory', () => {
  it('sends the brotli copy of the build when brotli is accepted, gzip made at start otherwise', async () => {
    const br = await web.request('/assets/app-def456.css', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(STYLE);
    const gz = await web.request('/assets/app-def456.css', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(STYLE);
    const plain = await web.request('/assets/app-def456.css');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(STYLE);
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(STYLE)));
  });

  it('answers 304 to the ETag of any of its forms, 200 to another', async () => {
    const first = await web.request('/assets/app-def456.css', {
      headers: { 'accept-encoding': 'br' },
    });
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await web.request('/assets/app-def456.css', {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const plain = await web.request('/assets/app-def456.css', {
      headers: { 'if-none-match': etag },
    });
    expect(plain.status).toBe(304);
    const other = await web.request('/assets/app-def456.css', {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(other.status).toBe(200);
  });

  it('sends binary files as they are, with their type', async () => {
    const res = await web.request('/favicon.png', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it('reads the files once, at start: a file removed from disk afterwards is still sent', async () => {
    const extra = path.join(webRoot, 'assets', 'late-789.js');
    await writeFile(extra, 'console.log(1);');
    expect((await web.request('/assets/late-789.js')).status).toBe(404);
    await rm(path.join(webRoot, 'favicon.png'));
    expect((await web.request('/favicon.png')).status).toBe(200);
  });
});

describe('compression and conditional requests', () => {
  const decode = async (res: Response) => {
    const body = Buffer.from(await res.arrayBuffer());
    const encoding = res.headers.get('content-encoding');
    if (encoding === 'br') return brotliDecompressSync(body).toString();
    if (encoding === 'gzip') return gunzipSync(body).toString();
    return body.toString();
  };

  it('sends brotli or gzip as negotiated for JSON of a kilobyte or more, plain for less', async () => {
    const br = await t.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(JSON.parse(await decode(br)).openapi).toBe('3.1.0');
    const gz = await t.request('/api/openapi.json', {
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(await decode(gz)).openapi).toBe('3.1.0');
    const plain = await t.request('/api/openapi.json', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const small = await t.request('/healthz', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
  });

  it('compresses the API docs bundle, not a page under a kilobyte', async () => {
    const bundle = await t.request('/api/docs/swagger-ui-bundle.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect(await decode(bundle)).toContain('SwaggerUIBundle');
    // The test's page is under a kilobyte: sent as it is.
    const page = await web.request('/careers', { headers: { 'accept-encoding': 'br' } });
    expect(Number(page.headers.get('content-length'))).toBeLessThan(1024);
    expect(page.headers.get('content-encoding')).toBeNull();
    expect(await decode(page)).toContain('<!doctype html>');
  });

  it('answers 304 to If-None-Match and If-Modified-Since for static files', async () => {
    const first = await web.request('/assets/index-abc123.js');
    const etag = first.headers.get('etag');
    const lastModified = first.headers.get('last-modified');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(lastModified).toBeTruthy();
    const byTag = await web.request('/assets/index-abc123.js', {
      headers: { 'if-none-match': etag as string },
    });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');
    const byDate = await web.request('/assets/index-abc123.js', {
      headers: { 'if-modified-since': lastModified as string },
    });
    expect(byDate.status).toBe(304);
    const older = await web.request('/assets/index-abc123.js', {
      headers: { 'if-modified-since': new Date(0).toUTCString() },
    });
    expect(older.status).toBe(200);
    // A compressed copy's weak tag matches too.
    const gz = await web.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` },
    });
    expect(gz.status).toBe(304);
  });

  it('answers 304 to If-None-Match for a careers page, 200 once it changed', async () => {
    const first = await web.request('/careers');
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect((await web.request('/careers', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    expect(
      (await web.request('/careers', { headers: { 'if-none-match': '"other"' } })).status,
    ).toBe(200);
  });
});

describe('the API surface', () => {
  it('publishes the OpenAPI document and its reference page', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/profile');
    // Errors made from parts carry a code and its values (decision 023).
    const error = doc.paths['/api/profile'].get.responses['401'].content['application/json'].schema;
    const shown = error.$ref ? doc.components.schemas[error.$ref.split('/').at(-1)] : error;
    expect(Object.keys(shown.properties)).toEqual(expect.arrayContaining(['code', 'params']));
    expect(shown.properties.code.description).toContain('department-in-use');
    expect(doc.paths['/api/health'].get.responses['200']).toBeTruthy();
    expect(await (await t.request('/api/health')).json()).toEqual({ ok: true });
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    // Served from the package on our own origin, started by a file: no CDN, no inline script.
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!<)/);
    const start = await t.request('/api/docs/start.js');
    expect(await start.text()).toContain('/api/openapi.json');
    const bundle = await t.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await t.request('/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('sends the security headers on pages, assets, API answers and errors', async () => {
    const answers = [
      await web.request('/login'),
      await web.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } }),
      await t.request('/api/health'),
      await t.request('/api/nothing-here'),
    ];
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('sets them on an answer whose headers cannot be changed, too', async () => {
    const { Hono } = await import('hono');
    const { securityHeaders } = await import('./lib/security-headers');
    const app = new Hono()
      .use('*', securityHeaders('https://talentforge.test'))
      .get('/moved', () => Response.redirect('https://talentforge.test/login', 302));
    const res = await app.request('/moved');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://talentforge.test/login');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('refuses a state-changing request from another site', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/profile', {
      method: 'PUT',
      as: someone,
      headers: { 'sec-fetch-site': 'cross-site' },
      json: { name: 'Hijacked' },
    });
    expect(res.status).toBe(403);
    expect((await (await t.request('/api/profile', { as: someone })).json()).name).toBe(
      someone.name,
    );
  });

  it('refuses bodies over the limit with 413', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/profile', {
      method: 'PUT',
      as: someone,
      headers: { 'content-type': 'application/json', 'content-length': String(300 * 1024) },
      body: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});
