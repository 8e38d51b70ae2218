import type { HiringLimits } from '../../../domain/hiring-limits';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../lib/http';
import type { Work } from '../../lib/unit-of-work';
import type { Storage } from '../../storage/storage';
import type { AssessmentDeps } from '../assessments/assessments.service';
import { type AuditEntry, recordAudit } from '../audit/audit';
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
export async function auditAdmin(tx: Db | Tx, actor: Actor, entry: Omit<AuditEntry, 'actor'>) {
  if (actor.role === 'admin') await recordAudit(tx, { actor, ...entry });
}

export async function announceJob(deps: JobsDeps, row: Pick<JobRow, 'id' | 'recruiterId'>) {
  await deps.bus.publish({
    audience: { userIds: [row.recruiterId], roles: ['admin'] },
    event: { type: 'job.changed', jobId: row.id },
  });
}

export async function announceApplications(
  deps: JobsDeps,
  items: { id: string; jobId: string; candidateId: string; recruiterId: string }[],
) {
  for (const a of items) await deps.bus.publish(applicationChanged(a));
}

/** Publishes, once the write commits, that these applications changed. */
export function publishApplications(
  w: Work,
  items: { id: string; jobId: string; candidateId: string; recruiterId: string }[],
) {
  for (const a of items) {
    const { audience, event } = applicationChanged(a);
    w.publish(audience, event);
  }
}

function applicationChanged(a: {
  id: string;
  jobId: string;
  candidateId: string;
  recruiterId: string;
}) {
  return {
    audience: { userIds: [a.candidateId, a.recruiterId], roles: ['admin' as const] },
    event: { type: 'application.changed' as const, applicationId: a.id, jobId: a.jobId },
  };
}
