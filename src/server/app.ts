import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute, z } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { publicConfigSchema } from '../domain/api';
import { MAX_IMAGE_BYTES } from '../domain/constants';
import { isWebPage } from '../domain/web-routes';
import { type Auth, CLIENT_ADDRESS_HEADER } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { Database } from './db/client';
import { type Env, googleConfigured, hiringLimits, messagingLimits } from './env';
import { aiReviewRoutes } from './features/ai-review/ai-review.routes';
import { AiClient, type AiReviewDeps, aiReviewDeps } from './features/ai-review/ai-review.service';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { assessmentRoutes } from './features/assessments/assessments.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { feedbackRoutes } from './features/automated-feedback/automated-feedback.routes';
import { bulkInvitationRoutes } from './features/bulk-invitations/bulk-invitations.routes';
import { candidateSearchRoutes } from './features/candidates-search/candidates-search.routes';
import { BARE_SHELL, careersPages } from './features/careers/careers.pages';
import { careersRoutes } from './features/careers/careers.routes';
import { dataRightsRoutes } from './features/data-rights/data-rights.routes';
import { departmentRoutes } from './features/departments/departments.routes';
import { integrationRoutes } from './features/integrations/integrations.routes';
import { interviewRoutes } from './features/interviews/interviews.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { jobRoutes } from './features/jobs/jobs.routes';
import { languageRoutes } from './features/languages/languages.routes';
import { defaultLanguage } from './features/languages/languages.service';
import { unsubscribeRoutes } from './features/mail-replies/unsubscribe.routes';
import { messagingRoutes } from './features/messaging/messaging.routes';
import { padRoutes } from './features/pads/pads.routes';
import { playbackRoutes } from './features/playback/playback.routes';
import { profileRoutes } from './features/profile/profile.routes';
import type { ResumeIndexer } from './features/resumes/resume-indexer';
import { securityRoutes } from './features/security/security.routes';
import { createSessionPolicy, type SessionPolicy } from './features/security/session-policy';
import { similarityRoutes } from './features/similarity/similarity.routes';
import { templateRoutes } from './features/templates/templates.routes';
import type { TestRunQueue } from './features/test-runs/queue';
import { testRunRoutes } from './features/test-runs/test-runs.routes';
import { userAdminRoutes } from './features/users/users.routes';
import { bodyLimit } from './lib/body-limit';
import { cachedValue } from './lib/cached-value';
import { AppError } from './lib/errors';
import { type AppContext, createRouter, jsonContent, toActor } from './lib/http';
import { inputGuard } from './lib/input-guard';
import type { Logger } from './lib/logger';
import { mountApiDocs, securityHeaders } from './lib/security-headers';
import { MailTokens } from './mail/mail-tokens';
import type { Mailer } from './mail/outbox';
import { compression } from './ops/compression';
import { conditionalGet } from './ops/conditional-get';
import { healthRoutes } from './ops/health';
import { type Metrics, metricsRoutes } from './ops/metrics';
import { finishOpenApiDocument, type OpenApiDocument } from './ops/openapi-document';
import { isDatabaseUnavailable } from './ops/process-policy';
import { loadStaticFiles, serveStaticFromMemory } from './ops/static-files';
import { type EventBus, SETTINGS_CHANGED } from './realtime/event-bus';
import type { Storage } from './storage/storage';

export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  storage: Storage;
  logger: Logger;
  bus: EventBus;
  mailer: Mailer;
  testRuns: TestRunQueue;
  /** Session reads kept per cookie (emptied by `sessionsChanged`). */
  sessions: SessionCache;
  /** Sessions ended or their users changed: every server forgets its session reads. */
  sessionsChanged: () => void;
  /** Idle timeout and required two-factor sign-in (made here when not given). */
  sessionPolicy?: SessionPolicy;
  /** Folder of the built web app; omitted in API-only tests. */
  webRoot?: string;
  /** Signs the unsubscribe links (made from AUTH_SECRET when omitted). */
  mailTokens?: MailTokens;
  /** Request counts and latencies (GET /metrics), and whether the process is stopping (/readyz). */
  metrics: Metrics;
  stopping: () => boolean;
  /** Reads uploaded résumés' text for Find Candidates (none: résumés are not read). */
  resumes?: ResumeIndexer;
  /** AI-assisted review, shared with the server's timed jobs (made here when not given). */
  ai?: AiReviewDeps;
}

const UNSAFE = /^(POST|PUT|PATCH|DELETE)$/;
/** Every JSON body is small; only the routes matched here take files. */
const MAX_JSON_BYTES = 256 * 1024;
const FILE_SAVES = /^\/api\/assessments\/[^/]+\/(files\/|file-changes$)/;
// Photos, résumés (jobs), project zips (templates; their route caps them at 1 MB) and bulk
// assignment CSVs (capped at 1 MB by their route).
const UPLOADS =
  /^\/api\/(profile\/image|jobs\/[^/]+\/applications|templates\/[^/]+\/project|assessments\/bulk)$/;

/** Assembly order: infrastructure middleware, then auth, then feature routes, then the web app. */
export function createApp({
  env,
  database,
  auth,
  storage,
  logger,
  bus,
  mailer,
  testRuns,
  sessions,
  sessionsChanged,
  sessionPolicy = createSessionPolicy({ database, env, onRevoked: sessionsChanged }),
  webRoot,
  mailTokens,
  metrics,
  stopping,
  resumes,
  ai = aiReviewDeps(database.db, new AiClient(env, database.db), logger),
}: AppDeps) {
  const { db } = database;
  const appOrigin = new URL(env.APP_URL).origin;
  // Calendar replies reach the inbound SMTP server when mail is received (REPLY_DOMAIN).
  const rsvp = env.REPLY_DOMAIN
    ? { tokens: mailTokens ?? new MailTokens(env.AUTH_SECRET), domain: env.REPLY_DOMAIN }
    : undefined;
  const app = createRouter();

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ message: error.message, issues: error.issues, ...error.extra }, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status < 500) return c.json({ message: error.message || 'Request refused' }, status);
    }
    // The database is out of reach for now: the client may try again (the balancer, another server).
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path, method: c.req.method }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json({ message: 'The service is briefly unavailable. Please try again.' }, 503);
    }
    // 5xx: log everything, tell the client nothing about the inside.
    logger.error({ err: error, path: c.req.path, method: c.req.method }, 'request failed');
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
  });
  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? c.json({ message: 'Not found' }, 404)
      : c.text('Not found', 404),
  );

  app.use('*', metrics.middleware());
  // gzip or brotli for every text-like answer of 1 KB or more (JSON, HTML, the API docs).
  app.use('*', compression());
  // For load balancers and Prometheus (docs/decisions/022).
  app.route('/', healthRoutes({ database, storage, stopping }));
  app.route('/', metricsRoutes(metrics, env.METRICS_TOKEN));

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      logger.debug(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });

  app.use('*', securityHeaders(env.APP_URL));

  // Browsers send Origin on every unsafe request: one from elsewhere is refused.
  app.use('/api/*', async (c, next) => {
    if (UNSAFE.test(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const sameOrigin = !origin || origin === appOrigin || origin === new URL(c.req.url).origin;
      if (!sameOrigin || site === 'cross-site') {
        return c.json({ message: 'Requests from another site are not allowed' }, 403);
      }
    }
    await next();
  });

  // Uploads are the largest bodies; everything else is small JSON. The limit
  // counts what arrives, so a chunked body without Content-Length is held to it too;
  // the rest of a refused body is read first, so the client hears the 413 (lib/body-limit.ts).
  const tooLarge = (c: AppContext) => c.json({ message: 'The request is too large' }, 413);
  const uploadLimit = bodyLimit({ maxSize: MAX_IMAGE_BYTES + 64 * 1024, onError: tooLarge });
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: tooLarge });
  // A project file is up to 256 KB of text, which JSON may escape to more (issue 24).
  const fileLimit = bodyLimit({ maxSize: 2 * 1024 * 1024, onError: tooLarge });
  app.use('/api/*', (c, next) =>
    (UPLOADS.test(c.req.path) ? uploadLimit : FILE_SAVES.test(c.req.path) ? fileLimit : jsonLimit)(
      c,
      next,
    ),
  );
  app.use('/api/*', inputGuard());

  // better-auth's routes keep the idle timeout too: an idle session is ended here (for every
  // server), and better-auth answers as it would a signed-out caller. Reading the session
  // (every page load and tab focus) is no activity.
  app.use('/api/auth/*', async (c, next) => {
    const s = c.req.header('cookie') ? await sessions.get(c.req.raw.headers) : null;
    if (s) await sessionPolicy.touch(s, { record: c.req.path !== '/api/auth/get-session' });
    await next();
  });

  // better-auth: its client address comes from the socket (or a trusted proxy), never the client.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const forwarded = env.TRUST_PROXY
      ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      : undefined;
    const address = forwarded || safeRemoteAddress(c) || 'unknown';
    headers.set(CLIENT_ADDRESS_HEADER, address);
    // The input guard has read the body already; better-auth gets it again.
    const body = c.req.method === 'GET' ? undefined : await c.req.arrayBuffer();
    return auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
  });

  // The session, with its role, for every other API route; idle or un-enrolled sessions are refused.
  app.use('/api/*', async (c, next) => {
    const result = await sessions.get(c.req.raw.headers);
    const refused = await sessionPolicy.check(c, result);
    if (refused) return refused;
    c.set('actor', result?.user ? toActor(result.user) : null);
    await next();
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/health',
      tags: ['Health'],
      summary: 'Whether the server and its database answer (no sign-in needed)',
      responses: {
        200: jsonContent(z.object({ ok: z.literal(true) }), 'The server and its database answer'),
      },
    }),
    async (c) => {
      await database.query('select 1');
      return c.json({ ok: true as const }, 200);
    },
  );
  // The admin's default language, asked for by every page load: kept until the settings
  // change, here (at once) or on another server (on the bus).
  const publicDefaultLanguage = cachedValue(() => defaultLanguage(db));
  const settingsChanged = () => {
    publicDefaultLanguage.clear();
    void bus.publish(SETTINGS_CHANGED).catch(() => {});
  };
  bus.subscribe(({ event }) => {
    if (event.type === 'settings.changed') publicDefaultLanguage.clear();
  });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/config',
      tags: ['Health'],
      summary:
        'What the browser needs before anyone signs in: whether Google sign-in is configured (the sign-in screens offer it only then), the support address, the default language',
      responses: { 200: jsonContent(publicConfigSchema, 'The public configuration') },
    }),
    async (c) =>
      c.json(
        {
          googleEnabled: googleConfigured(env),
          supportEmail: env.SUPPORT_EMAIL,
          defaultLanguage: await publicDefaultLanguage.get(),
        },
        200,
      ),
  );

  const routes = app
    .route('/', profileRoutes({ db, storage, onUserChanged: sessionsChanged }))
    .route('/', languageRoutes({ db, onUserChanged: sessionsChanged }))
    .route('/', templateRoutes({ db, bus, mailer, onSettingsChanged: settingsChanged }))
    .route('/', assessmentRoutes({ db, bus, mailer, appUrl: env.APP_URL, ai }))
    .route('/', bulkInvitationRoutes({ db, bus, mailer, appUrl: env.APP_URL, auth }))
    .route('/', similarityRoutes({ db }))
    .route('/', aiReviewRoutes(ai))
    .route(
      '/',
      messagingRoutes({ db, bus, mailer, appUrl: env.APP_URL, limits: messagingLimits(env) }),
    )
    .route(
      '/',
      jobRoutes({
        db,
        bus,
        mailer,
        storage,
        appUrl: env.APP_URL,
        limits: hiringLimits(env),
        onResumeStored: resumes && ((id) => resumes.enqueue(id)),
        rsvp,
      }),
    )
    .route(
      '/',
      testRunRoutes({
        db,
        bus,
        mailer,
        unavailableReason: () => testRuns.unavailableReason(),
        kick: () => testRuns.kick(),
      }),
    )
    .route('/', unsubscribeRoutes({ db, tokens: mailTokens ?? new MailTokens(env.AUTH_SECRET) }))
    .route('/', candidateSearchRoutes({ db }))
    .route('/', userAdminRoutes({ db, auth }))
    .route('/', securityRoutes({ db, auth, policy: sessionPolicy, sessions }))
    .route('/', auditRoutes({ db }))
    .route('/', playbackRoutes({ db, bus, mailer, appUrl: env.APP_URL }))
    .route(
      '/',
      dataRightsRoutes({
        db,
        auth,
        storage,
        logger,
        onSessionsChanged: sessionsChanged,
      }),
    )
    .route(
      '/',
      integrationRoutes({
        env,
        database,
        mailer,
        sandboxUnavailable: () => testRuns.unavailableReason(),
        ai,
      }),
    )
    .route('/', analyticsRoutes({ db }))
    .route(
      '/',
      invitationRoutes({ db, bus, mailer, appUrl: env.APP_URL, limits: hiringLimits(env) }),
    )
    .route('/', departmentRoutes({ db, bus, mailer }))
    .route('/', feedbackRoutes({ db }))
    .route('/', interviewRoutes({ db, bus, mailer, appUrl: env.APP_URL, rsvp }))
    .route('/', careersRoutes({ db }))
    .route('/', padRoutes({ db, bus, mailer }));

  // Built once, on the first request (every route is registered by then).
  let openApi: OpenApiDocument | undefined;
  app.get('/api/openapi.json', (c) => {
    openApi ??= finishOpenApiDocument(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'TalentForge API',
          version: '1.0.0',
          description:
            'Every route checks the session and its role on the server. Accounts live under /api/auth (better-auth).',
          license: { name: 'Proprietary', url: `${env.APP_URL}/terms` },
        },
      }) as unknown as OpenApiDocument,
      env.APP_URL,
      `${env.APP_URL.startsWith('https://') ? '__Secure-' : ''}better-auth.session_token`,
    );
    return c.json(openApi);
  });
  mountApiDocs(app);
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));

  // The careers site's pages are rendered into the app's index.html (a bare one without a build).
  const shell = webRoot ? builtPage(webRoot, 'index.html') : () => Promise.resolve(BARE_SHELL);
  // A job's page has its own small entry, which loads the app only when the visitor acts.
  const jobShell = webRoot ? builtPage(webRoot, 'careers-job.html') : shell;
  const careers = careersPages({ db, appUrl: env.APP_URL, shell, jobShell });
  if (webRoot) mountWebApp(app, webRoot, shell, careers);
  else app.use('*', conditionalGet()).route('/', careers);
  return routes;
}

function safeRemoteAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

/**
 * The built React app: hashed assets cached for a year; index.html for a page of the shared
 * route table (200) and for any other path too, with 404 (the app shows Page Not Found), so
 * nothing that does not exist is answered as a page.
 */
/** A page of the built app (index.html, careers-job.html), read once (again after a failed read). */
function builtPage(root: string, name: string): () => Promise<string> {
  let page: Promise<string> | null = null;
  return () =>
    (page ??= readFile(path.join(root, name), 'utf8').catch((error: unknown) => {
      page = null;
      throw error;
    }));
}

function mountWebApp(
  app: ReturnType<typeof createRouter>,
  root: string,
  shell: () => Promise<string>,
  careers: ReturnType<typeof careersPages>,
) {
  // ETag and 304 for the files and pages below (registered first: it sees their Cache-Control).
  app.use('*', conditionalGet());
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.ok) return;
    if (c.req.path.startsWith('/assets/')) {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    } else if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  app.use('*', serveStaticFromMemory(loadStaticFiles(root)));
  app.route('/', careers);
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await shell(), isWebPage(c.req.path) ? 200 : 404);
  });
}

export type AppType = ReturnType<typeof createApp>;
