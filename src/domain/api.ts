import { z } from 'zod';
import { LANGUAGES } from './languages';

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
  /** The admin's default language: what a reader whose browser asks for none of ours sees. */
  defaultLanguage: z.enum(LANGUAGES).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

// Kept in constants.ts (no zod there), so the browser's entry does not bring zod for it.
export { REALTIME_SESSION_ENDED } from './constants';
