import { z } from 'zod';
import { interviewPadSchema } from './interviews';
import { idSchema } from './jobs';
import { newPathProblem, PATH_TEXTS, PROJECT_LIMITS } from './project-paths';

/** Live coding pads (docs/decisions/031): the payloads, limits and texts both sides use. */

export const PAD_LANGUAGES = ['typescript', 'javascript', 'python', 'go', 'java'] as const;
export type PadLanguage = (typeof PAD_LANGUAGES)[number];
export const PAD_STATUSES = ['open', 'ended'] as const;
export type PadStatus = (typeof PAD_STATUSES)[number];

export const PAD_LIMITS = {
  /** The document's size (its merged state), in bytes. */
  documentBytes: 2 * 1024 * 1024,
  /** People connected to one pad at once (tabs of one person count once). */
  people: 10,
  /** Messages one socket may send per window. */
  messagesPerWindow: 200,
  windowMs: 10_000,
  /** Updates merged into the snapshot at a time. */
  compactEvery: 200,
} as const;

/** WebSocket close codes a pad socket ends with (4000-4999: the application's own). */
export const PAD_CLOSE = {
  tooManyPeople: 4001,
  tooLarge: 4002,
  tooFast: 4003,
  notAllowed: 4004,
  /** An update broke the file tree's rules (only a client that skipped its own checks). */
  fileRefused: 4005,
} as const;

export const PAD_TEXTS = {
  notFound: 'Pad not found',
  notAllowed: 'You are not a participant of this pad',
  notTeam: 'Only the interviewers and the job’s recruiter can do this',
  readOnly: 'This interview has ended: the pad is read-only',
  tooManyPeople: 'This pad already has 10 people in it',
  tooLarge: 'The pad is full: a pad holds at most 2 MB',
  tooFast: 'Too many changes at once: slow down and try again',
  runUnderWay: 'A run is already under way in this pad',
  noteNotFound: 'Note not found',
  interviewCancelled: 'This interview was cancelled',
  eitherInterviewOrApplication: 'Give either an interview or an application',
  fileRefused: 'A file change was refused: reload the pad to continue',
  templateNotFound: 'Assessment template not found',
  templateNotAllowed: 'You are not authorised to use this template',
  templateNotRunnable:
    'This template’s project does not run in a pad (it has no TypeScript, JavaScript, Python, Go or Java)',
} as const;

export const padFileSchema = z.object({ path: z.string(), content: z.string() });

export const createPadSchema = z
  .object({
    interviewId: idSchema.optional(),
    applicationId: idSchema.optional(),
    /** The language's project; ignored when a template is given (its project's language). */
    language: z.enum(PAD_LANGUAGES).default('typescript'),
    /** Start from this assessment template's visible files instead (never its hidden tests). */
    templateId: idSchema.optional(),
  })
  .refine((v) => Boolean(v.interviewId) !== Boolean(v.applicationId), {
    message: PAD_TEXTS.eitherInterviewOrApplication,
  });

export const padPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['candidate', 'interviewer', 'recruiter']),
});

export const padSchema = z.object({
  id: z.string(),
  interviewId: z.string().nullable(),
  applicationId: z.string(),
  language: z.enum(PAD_LANGUAGES),
  status: z.enum(PAD_STATUSES),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  people: z.array(padPersonSchema),
  files: z.array(padFileSchema),
  /** What the caller may do: 'edit' (a participant while open) or 'read'. */
  access: z.enum(['edit', 'read']),
  /** Whether the caller sees the notes (the hiring team and admins). */
  team: z.boolean(),
});
export type Pad = z.infer<typeof padSchema>;

export const noteInputSchema = z.object({ text: z.string().trim().min(1).max(10_000) });
export const padNoteSchema = z.object({
  id: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PadNote = z.infer<typeof padNoteSchema>;

export const padRunSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  output: z.string(),
  passed: z.number().nullable(),
  failed: z.number().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PadRun = z.infer<typeof padRunSchema>;

export const padReplaySchema = z.object({
  /** Every update in order: base64 Yjs updates, with who sent them and when. */
  updates: z.array(
    z.object({
      seq: z.number(),
      at: z.string(),
      authorId: z.string().nullable(),
      update: z.string(),
    }),
  ),
  runs: z.array(padRunSchema),
});
export type PadReplay = z.infer<typeof padReplaySchema>;

/** The Yjs document's shared type: a Y.Map of file path → Y.Text. */
export const PAD_FILES_MAP = 'files';

/**
 * Whether `path` may be created (or be a rename's new name) among a pad's `existing` paths:
 * the workspace's path rules (no tests are protected: both people may change every file) and
 * its file count. The browser checks before changing the document; the server checks every
 * update it is sent.
 */
export function padPathProblem(existing: readonly string[], path: string, ignore?: string) {
  const others = existing.filter((p) => p !== ignore);
  if (!ignore && others.length >= PROJECT_LIMITS.files) return PATH_TEXTS.tooManyFiles;
  return newPathProblem(others, path, {
    hidden: [],
    visibleTests: [],
    candidatesMayEditTests: true,
  });
}

/** GET /api/interviews/{id}/pad: the stable link's answer (null until a pad is started). */
export const interviewPadLinkSchema = z.object({
  interviewId: z.string(),
  pad: interviewPadSchema.nullable(),
});
export type InterviewPadLink = z.infer<typeof interviewPadLinkSchema>;

/** GET /api/applications/{id}/pads: an application's pads (an interview's or ad hoc). */
export const applicationPadSchema = z.object({
  id: z.string(),
  interviewId: z.string().nullable(),
  language: z.enum(PAD_LANGUAGES),
  status: z.enum(PAD_STATUSES),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type ApplicationPad = z.infer<typeof applicationPadSchema>;

/**
 * Realtime (ids only): an application's ad hoc pads changed (one started or ended), so the
 * candidate's Join pad appears or goes without a reload. An interview's pad is
 * `interview.changed` instead.
 */
export const padRealtimeEventSchemas = [
  z.object({ type: z.literal('applicationPads.changed'), applicationId: z.string() }),
] as const;

/** The stable address of an interview's pad (mails, links): it opens the pad once started. */
export const interviewPadPath = (interviewId: string) =>
  `/interviews/${encodeURIComponent(interviewId)}/pad`;
