import { z } from 'zod';

/** The one error shape of every API route (STYLE point 4). */
export const errorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** GET /api/config: what the browser needs to know before anyone signs in. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * The close code of a live-updates socket whose session ended (signed out,
 * expired, revoked or banned): the browser does not reconnect with it.
 */
export const REALTIME_SESSION_ENDED = 4401;
