import { z } from 'zod';

/** The similarity check's answers (docs/decisions/026), for the server and the browser. */

export const similarityMatchSchema = z.object({
  assessmentId: z.string(),
  candidateName: z.string(),
  /** Per cent of this submission found in the other one. */
  percent: z.number(),
  /** Per cent of the other submission found in this one. */
  otherPercent: z.number(),
  /** The other submission was assigned by another recruiter. */
  otherRecruiter: z.boolean(),
});
export const similarityReportSchema = z.object({
  status: z.enum(['none', 'queued', 'done', 'failed']),
  threshold: z.number(),
  flagged: z.boolean(),
  matches: z.array(similarityMatchSchema),
});
export type SimilarityReport = z.infer<typeof similarityReportSchema>;

const sideSchema = z.object({
  assessmentId: z.string(),
  candidateName: z.string(),
  files: z.array(z.object({ path: z.string(), content: z.string() })),
  regions: z.array(z.object({ path: z.string(), startLine: z.number(), endLine: z.number() })),
});
export const sideBySideSchema = z.object({
  percent: z.number(),
  left: sideSchema,
  right: sideSchema,
});

export type SideBySide = z.infer<typeof sideBySideSchema>;
