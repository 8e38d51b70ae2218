import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { LANGUAGES } from './languages';

/** The one error shape of every API route (STYLE point 4). */
export const errorSchema = z.object({
  message: z.string().describe('What went wrong, in English'),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
  // Messages assembled from parts carry a code and its values (docs/decisions/023).
  code: z
    .string()
    .optional()
    .describe(
      `Set when the message is made from parts (counts, waits, lists, dates): translate by it. One of ${ERROR_CODES.join(', ')}; the session's refusals use session-idle and two-factor-enrolment-required`,
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe("The code's values (src/domain/error-codes.ts): counts, seconds, names, days"),
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
