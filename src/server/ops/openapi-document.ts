/**
 * The finishing of GET /api/openapi.json, in one place rather than in every route file:
 * an operationId on every operation (from its method and path, which are unique
 * together), the security schemes (the session cookie; the metrics bearer token), the
 * server, and the operator routes (/healthz, /readyz, /metrics). Client generators and
 * `redocly lint` need all of them.
 */

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  [key: string]: unknown;
};
type PathItem = Record<string, Operation>;
export interface OpenApiDocument {
  paths?: Record<string, PathItem>;
  components?: Record<string, Record<string, unknown>>;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `post /api/jobs/{id}/applications` → `postJobsByIdApplications`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const text = param ? `by-${param[1]}` : segment;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capital)
        .join('');
    });
  return method + words.join('');
}

const text = (description: string) => ({
  description,
  content: { 'text/plain': { schema: { type: 'string' } } },
});
const json = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object' } } },
});

/** /healthz, /readyz and /metrics: served outside the API router, described here. */
const OPERATOR_PATHS: Record<string, PathItem> = {
  '/healthz': {
    get: {
      tags: ['Operations'],
      summary: 'Liveness: the process is up and serving',
      security: [],
      responses: { 200: json('Up') },
    },
  },
  '/readyz': {
    get: {
      tags: ['Operations'],
      summary: 'Readiness: the database answers, the migrations are applied, the storage answers',
      security: [],
      responses: { 200: json('Ready'), 503: json('Not ready (each check says what failed)') },
    },
  },
  '/metrics': {
    get: {
      tags: ['Operations'],
      summary: 'Prometheus metrics (with METRICS_TOKEN set; or on METRICS_PORT without a token)',
      security: [{ metricsToken: [] }],
      responses: {
        200: text('The Prometheus text exposition format'),
        401: json('Wrong or missing token'),
        404: json('METRICS_TOKEN is not set'),
      },
    },
  },
};

/** Finishes the generated document (it is not changed: a copy is returned). */
export function finishOpenApiDocument(
  generated: OpenApiDocument,
  appUrl: string,
  sessionCookie: string,
): OpenApiDocument {
  const document = structuredClone(generated);
  const paths = { ...(document.paths ?? {}), ...structuredClone(OPERATOR_PATHS) };
  const used = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      let id = operation.operationId ?? operationIdOf(method, path);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      used.add(id);
      operation.operationId = id;
      // An operation that may answer 401 needs the session; the others are public.
      operation.security ??= operation.responses?.['401'] ? [{ sessionCookie: [] }] : [];
    }
  }
  document.paths = paths;
  document.servers = [{ url: new URL(appUrl).origin, description: 'This server' }];
  document.components = {
    ...(document.components ?? {}),
    securitySchemes: {
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookie,
        description: 'The session cookie set by signing in (POST /api/auth/sign-in/email).',
      },
      metricsToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'METRICS_TOKEN, for GET /metrics on the app port.',
      },
    },
  };
  const tags = new Map((document.tags ?? []).map((t) => [t.name, t]));
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      for (const tag of (item[method]?.tags as string[] | undefined) ?? []) {
        if (!tags.has(tag)) tags.set(tag, { name: tag, description: `${tag} operations` });
      }
    }
  }
  document.tags = [...tags.values()];
  return document;
}
