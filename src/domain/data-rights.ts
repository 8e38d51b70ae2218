import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, ROLES } from './constants';
import { DATA_RIGHTS_TEXTS } from './data-rights-texts';

export { DATA_RIGHTS_TEXTS } from './data-rights-texts';

/** Export: whole files are added until the zip's content reaches this; the rest are listed. */
export const EXPORT_FILE_BUDGET_BYTES = 100 * 1024 * 1024;
/** Each kind of record is capped (a conversation's messages, assessments…) so one export stays bounded. */
export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_FORMAT = 'talentforge-export/1';
export const MAX_REASON = 500;

const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain the NUL character';

/** POST /api/account/erase: the user's own erasure, confirmed by password (or e-mail for Google-only accounts). */
export const eraseOwnSchema = z
  .object({
    password: z
      .string()
      .max(MAX_PASSWORD_LENGTH, `At most ${MAX_PASSWORD_LENGTH} characters`)
      .refine(noNul, NUL_MESSAGE)
      .optional(),
    email: z.string().max(320, 'At most 320 characters').refine(noNul, NUL_MESSAGE).optional(),
  })
  .strict();
export type EraseOwnInput = z.infer<typeof eraseOwnSchema>;

/** An admin acting on someone's request: the reason is kept in the audit log. */
export const onRequestSchema = z
  .object({
    reason: z
      .string({ error: DATA_RIGHTS_TEXTS.giveReason })
      .trim()
      .min(1, DATA_RIGHTS_TEXTS.giveReason)
      .max(MAX_REASON, `At most ${MAX_REASON} characters`)
      .refine(noNul, NUL_MESSAGE),
  })
  .strict();
export type OnRequestInput = z.infer<typeof onRequestSchema>;

/** How the signed-in user confirms an erasure: their password, or (Google only) their e-mail. */
export const eraseMethodSchema = z.object({
  confirmWith: z.enum(['password', 'email']),
});
export type EraseMethod = z.infer<typeof eraseMethodSchema>;

export const erasureResultSchema = z.object({
  erased: z.literal(true),
  userId: z.string(),
  role: z.enum(ROLES),
  /** Assessments kept for recruiters, anonymised. */
  assessmentsKept: z.number().int(),
  messagesKept: z.number().int(),
  filesDeleted: z.number().int(),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** One past erasure, from the audit log (no name or e-mail: those are gone). */
export const erasureRecordSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.string().nullable(),
  role: z.string().nullable(),
  by: z.enum(['self', 'admin']),
  adminName: z.string().nullable(),
  reason: z.string().nullable(),
  assessmentsKept: z.number().int().nullable(),
});
export type ErasureRecord = z.infer<typeof erasureRecordSchema>;
export const erasureListSchema = z.object({ items: z.array(erasureRecordSchema) });

/** Which confirmation the erase form asks for. */
export const confirmWith = (hasPassword: boolean): EraseMethod['confirmWith'] =>
  hasPassword ? 'password' : 'email';

/** The download's file name: talentforge-data-<who>-<date>.zip, safe on every system. */
export function exportFileName(name: string, at: Date): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || 'account';
  return `talentforge-data-${slug}-${at.toISOString().slice(0, 10)}.zip`;
}

/** A stored path made safe inside the zip: no absolute paths, no '..', no NUL. */
export function zipSafePath(p: string): string {
  const parts = p
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s && s !== '.' && s !== '..')
    .map((s) => Array.from(s, (ch) => (ch.charCodeAt(0) < 32 ? '_' : ch)).join(''));
  return parts.join('/') || 'file';
}
