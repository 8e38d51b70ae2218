import type { Assessment } from '../../../../domain/assessments';
import type { Role } from '../../../../domain/constants';

export type WorkspaceAccess = {
  /** The assessment's candidate (the only one who works in it). */
  isCandidate: boolean;
  /** Tick boxes, Mark All, answers, Submit: the candidate until it is submitted. */
  canEditTasks: boolean;
  /** The editor and the answers: the candidate until it is submitted. */
  canEditFiles: boolean;
  /** The candidate may submit: it is theirs and not submitted yet. */
  canSubmit: boolean;
  /** The candidate's assessment is not started: the start screen, not the workspace. */
  shouldStart: boolean;
  /** Where 'Back to Assessments' leads for this viewer. */
  backTo: string;
  /** Why the viewer cannot edit, shown above the editor; null when they can. */
  /** Why the files are read-only (workspace catalogue: readOnly.<reason>), or null. */
  readOnlyReason: 'reviewer' | 'reviewed' | 'submitted' | null;
};

const DASHBOARD: Record<Role, string> = {
  candidate: '/assessments',
  recruiter: '/recruiter',
  admin: '/admin',
};

/**
 * Who may do what in the workspace. The server enforces the same rules; this only decides
 * what the screen offers, so nobody is shown a control that would be refused.
 */
export function workspaceAccess(
  assessment: Pick<Assessment, 'candidateId' | 'status' | 'reviewedAt'>,
  viewer: { id: string; role: Role | null },
): WorkspaceAccess {
  const isCandidate = assessment.candidateId === viewer.id;
  const reviewed = assessment.reviewedAt !== null;
  const completed = assessment.status === 'completed';
  const canEditFiles = isCandidate && !reviewed && !completed;
  let readOnlyReason: WorkspaceAccess['readOnlyReason'] = null;
  if (!isCandidate) readOnlyReason = 'reviewer';
  else if (reviewed) readOnlyReason = 'reviewed';
  else if (completed) readOnlyReason = 'submitted';
  return {
    isCandidate,
    canEditTasks: canEditFiles,
    canEditFiles,
    canSubmit: canEditFiles,
    shouldStart: isCandidate && assessment.status === 'scheduled',
    backTo: isCandidate ? '/assessments' : DASHBOARD[viewer.role ?? 'candidate'],
    readOnlyReason,
  };
}
