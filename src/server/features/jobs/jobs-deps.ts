import type { HiringLimits } from '../../../domain/hiring-limits';
import type { Actor } from '../../lib/http';
import type { AuditEntry, Work } from '../../lib/unit-of-work';
import type { Storage } from '../../storage/storage';
import type { AssessmentDeps } from '../assessments/assessments.service';

import type { InterviewDeps } from '../interviews/interviews.service';
import type { JobRow } from './read-models';

// What every aspect of jobs shares: its deps, its realtime events, its admin audit.

export interface JobsDeps extends AssessmentDeps {
  storage: Storage;
  /** The hiring abuse limits; the routes always pass them (scripts such as the seed do not). */
  limits?: Pick<HiringLimits, 'jobs' | 'applications'>;
  /** Résumé search: a résumé was stored with this application (its text is read later). */
  onResumeStored?: (applicationId: string) => void;
  /** The calendar-reply address of the interviews it cancels (their CANCEL's ORGANIZER). */
  rsvp?: InterviewDeps['rsvp'];
}

/**
 * Admins act on recruiters' jobs and pipelines: each such change is logged (in the change's
 * transaction). A recruiter's changes to their own are not admin actions and are not.
 */
export async function auditAdmin(w: Work, actor: Actor, entry: Omit<AuditEntry, 'actor'>) {
  if (actor.role === 'admin') await w.audit({ actor, ...entry });
}

/** Publishes, once the write commits, that this job changed (to its owner and admins). */
export function publishJob(w: Work, row: Pick<JobRow, 'id' | 'recruiterId'>) {
  w.publish(
    { userIds: [row.recruiterId], roles: ['admin'] },
    { type: 'job.changed', jobId: row.id },
  );
}

/** Publishes, once the write commits, that these applications changed. */
export function publishApplications(
  w: Work,
  items: { id: string; jobId: string; candidateId: string; recruiterId: string }[],
) {
  for (const a of items) {
    w.publish(
      { userIds: [a.candidateId, a.recruiterId], roles: ['admin'] },
      { type: 'application.changed', applicationId: a.id, jobId: a.jobId },
    );
  }
}
