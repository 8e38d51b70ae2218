/**
 * Abuse limits on hiring (issue 17): how many jobs a recruiter may post, invitations a
 * recruiter may send and a candidate may receive, and applications a candidate may file, in
 * a fixed window each. Counted in the database like the messaging limits (decision 006), so
 * servers sharing it share the counts; the maxima are configurable (README, Configuration).
 * Only what was really made counts: a refused or failed attempt does not use up the limit.
 */
export interface HiringLimit {
  max: number;
  windowSeconds: number;
}

const HOUR = 60 * 60;
export const JOB_POST_LIMIT: HiringLimit = { max: 20, windowSeconds: HOUR };
export const INVITATION_SEND_LIMIT: HiringLimit = { max: 50, windowSeconds: HOUR };
export const INVITATION_RECEIVE_LIMIT: HiringLimit = { max: 10, windowSeconds: 24 * HOUR };
export const APPLICATION_LIMIT: HiringLimit = { max: 10, windowSeconds: HOUR };

export interface HiringLimits {
  jobs: HiringLimit;
  invitationsSent: HiringLimit;
  invitationsReceived: HiringLimit;
  applications: HiringLimit;
}

/** "45 seconds", "3 minutes", "2 hours": how long until the window reopens, rounded up. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'}`;
  const h = Math.ceil(m / 60);
  return `${h} hour${h === 1 ? '' : 's'}`;
}

/** What a refused attempt is told (HTTP 429, with `retryAfterSeconds`); forms show it as is. */
export const HIRING_LIMIT_TEXTS = {
  jobs: (seconds: number) =>
    `You have posted many jobs in a short time. Please wait ${waitText(seconds)} before posting another.`,
  invitationsSent: (seconds: number) =>
    `You have sent many invitations in a short time. Please wait ${waitText(seconds)} before inviting again.`,
  invitationsReceived: (seconds: number) =>
    `This candidate has received many invitations recently. Please try again in ${waitText(seconds)}.`,
  applications: (seconds: number) =>
    `You have sent many applications in a short time. Please wait ${waitText(seconds)} before applying again.`,
} as const;
