import { z } from 'zod';

/** How test runs are limited on a server (see docs/decisions/010). */
export const SANDBOX_MODES = [
  'cgroup-v2',
  'cgroup-v1',
  'no-cgroup-override',
  'unavailable',
] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
export const SANDBOX_MODE_LABELS: Record<SandboxMode, string> = {
  'cgroup-v2': 'cgroup v2: memory and processes capped per run',
  'cgroup-v1': 'cgroup v1: memory and processes capped per run',
  'no-cgroup-override':
    'No cgroup (operator override SANDBOX_ALLOW_NO_CGROUP=1): only rlimits and an address-space cap per process',
  unavailable: 'Test runs are refused',
};

/** The admin's Integrations page: what this server is connected to, read from real facts. */
export const integrationsSchema = z.object({
  mail: z.object({
    mode: z.enum(['smtp', 'log']),
    /** SMTP host and port (never the user or password); null without SMTP_URL. */
    smtpHost: z.string().nullable(),
    from: z.string(),
    pending: z.number().int(),
    failed: z.number().int(),
    sent: z.number().int(),
    /** Age of the oldest pending mail in seconds; null when none waits. */
    oldestPendingSeconds: z.number().int().nullable(),
  }),
  google: z.object({
    configured: z.boolean(),
    /** Host of the OpenID discovery document. */
    discoveryHost: z.string(),
  }),
  sandbox: z.object({
    available: z.boolean(),
    /** Why test runs are refused, when they are. */
    reason: z.string().nullable(),
    /** How a run's memory and processes are capped: a cgroup, or the operator's no-cgroup override. */
    mode: z.enum(SANDBOX_MODES),
    /** Which languages' tests can run here (each needs its toolchain installed). */
    languages: z
      .array(z.object({ label: z.string(), available: z.boolean(), reason: z.string().nullable() }))
      .default([]),
  }),
  /** AI-assisted review's endpoint (AI_BASE_URL): never its address or key. */
  ai: z.object({
    configured: z.boolean(),
    /** The endpoint listed its models just now. */
    reachable: z.boolean(),
    /** How many models it offers (narrowed by AI_MODELS). */
    models: z.number().int(),
    /** The model the admin chose in AI Configuration; null until then. */
    model: z.string().nullable(),
    lastError: z.string().nullable(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Host, port and database name (never the user or password); the data folder for PGlite. */
    location: z.string(),
    serverVersion: z.string().nullable(),
  }),
});
export type Integrations = z.infer<typeof integrationsSchema>;

export const testMailResultSchema = z.object({
  mailId: z.string(),
  to: z.string(),
  mode: z.enum(['smtp', 'log']),
});
export type TestMailResult = z.infer<typeof testMailResultSchema>;

export const INTEGRATION_TEXTS = {
  title: 'Integrations',
  intro:
    'What this server is connected to, read live from its configuration and database. Changes are made in the server configuration (environment variables, see README "Configuration"), then restart the server.',
  sendTestMail: 'Send test e-mail',
  testMailSubject: 'TalentForge test e-mail',
  testMailText: (appUrl: string) =>
    `This is a test e-mail from TalentForge (${appUrl}), sent from Admin → Integrations. If you can read it, outgoing mail works.`,
} as const;
