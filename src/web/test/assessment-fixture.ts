import type { Assessment } from '../../domain/assessments';

/** An assessment as GET /api/assessments/:id answers it, for component tests. */
export function assessmentFixture(overrides: Partial<Assessment> = {}): Assessment {
  return {
    id: 'a1',
    templateId: 't1',
    title: 'Backend Challenge',
    roleName: 'Backend Engineer',
    description: 'Fix the failing endpoint.',
    candidateId: 'c1',
    candidateName: 'Chloé Candidate',
    candidateErasedAt: null,
    candidateEmail: 'chloe@example.test',
    candidatePhone: '',
    recruiterId: 'r1',
    recruiterName: 'Rita Recruiter',
    companyName: 'Acme',
    status: 'in-progress',
    tasks: [
      { id: 'k1', title: 'Fix the bug', description: '', type: 'code', completed: true },
      { id: 'k2', title: 'Explain it', description: '', type: 'text', completed: false },
    ],
    message: 'Good luck!',
    durationHours: 48,
    createdAt: '2026-03-01T09:00:00.000Z',
    dueDate: '2026-03-05',
    startedAt: '2026-03-02T09:00:00.000Z',
    completedDate: null,
    feedback: null,
    score: null,
    reviewedAt: null,
    submittedBy: null,
    blindReview: false,
    identityHidden: false,
    identityRevealedAt: null,
    project: {
      name: 'orders-api',
      branch: 'main',
      context: 'The orders team.',
      ticket: 'ORD-1: totals are wrong.',
      fileNames: ['README.md', 'src/orders.ts'],
    },
    ...overrides,
  };
}
