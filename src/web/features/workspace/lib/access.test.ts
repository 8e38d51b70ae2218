import { describe, expect, it } from 'vitest';
import { workspaceAccess } from './access';

const base = { candidateId: 'cand', status: 'in-progress' as const, reviewedAt: null };

describe('workspaceAccess', () => {
  it('lets the candidate work in their own assessment', () => {
    expect(workspaceAccess(base, { id: 'cand', role: 'candidate' })).toMatchObject({
      isCandidate: true,
      canEditTasks: true,
      canEditFiles: true,
      canSubmit: true,
      shouldStart: false,
      backTo: '/assessments',
      readOnlyReason: null,
    });
  });

  it('starts a scheduled assessment on the candidate’s first open only', () => {
    const scheduled = { ...base, status: 'scheduled' as const };
    expect(workspaceAccess(scheduled, { id: 'cand', role: 'candidate' }).shouldStart).toBe(true);
    expect(workspaceAccess(scheduled, { id: 'rec', role: 'recruiter' }).shouldStart).toBe(false);
  });

  it('keeps nothing editable once submitted or reviewed', () => {
    const completed = { ...base, status: 'completed' as const };
    expect(workspaceAccess(completed, { id: 'cand', role: 'candidate' })).toMatchObject({
      canEditTasks: false,
      canEditFiles: false,
      canSubmit: false,
      readOnlyReason: 'submitted',
    });
    const reviewed = { ...completed, reviewedAt: '2030-01-01T00:00:00.000Z' };
    expect(workspaceAccess(reviewed, { id: 'cand', role: 'candidate' })).toMatchObject({
      canEditTasks: false,
      canEditFiles: false,
    });
  });

  it('shows recruiters and admins everything read-only and sends them back to their dashboard', () => {
    const recruiter = workspaceAccess(base, { id: 'rec', role: 'recruiter' });
    expect(recruiter).toMatchObject({
      canEditTasks: false,
      canEditFiles: false,
      backTo: '/recruiter',
    });
    expect(workspaceAccess(base, { id: 'adm', role: 'admin' }).backTo).toBe('/admin');
  });
});
