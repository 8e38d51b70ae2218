import { z } from 'zod';
import { idSchema } from './inputs';
import { safeText } from './jobs';

/** Invite to apply: a recruiter asks a candidate found in Find Candidates to apply to a job. */

export const MAX_INVITATION_MESSAGE = 1000;

export const INVITATION_TEXTS = {
  onlyRecruiters: 'Only recruiters can invite candidates to apply',
  jobDraft: 'Publish this job before inviting candidates to it',
  jobNotOpen: 'This job is not open for applications, so no one can be invited to it',
  candidateNotFound: 'Candidate not found',
  alreadyInvited: 'This candidate has already been invited to this job',
  alreadyApplied: 'This candidate has already applied to this job',
  chooseJob: 'Choose one of your open jobs',
  noOpenJobs: 'You have no published, open jobs to invite to. Publish a job first.',
  sent: 'Invitation sent',
  invitedHeading: 'Invited to apply',
  jobClosed: 'This job is no longer open for applications.',
  onlyCandidates: 'Only candidates have invitations',
} as const;

export const inviteInputSchema = z.object({
  candidateId: idSchema,
  /** A few words from the recruiter, shown in the mail and on the invitation. */
  message: safeText(MAX_INVITATION_MESSAGE).default(''),
});
export type InviteInput = z.input<typeof inviteInputSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  recruiterId: z.string(),
  recruiterName: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When the candidate opened it (from the bell or the job page); null while new. */
  readAt: z.string().nullable(),
  /** The job still takes applications. */
  jobOpen: z.boolean(),
  /** The candidate has applied to the job since. */
  applied: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Where an invitation leads the candidate: the job's page, where they apply. */
export const invitationHref = (jobId: string) => `/candidate/jobs/${encodeURIComponent(jobId)}`;
