import { toIsoDate } from '../../domain/assessments';
import type { TestApp, TestUser } from './harness';
import { countStatements } from './statement-counter';

/**
 * The most used routes (what a signed-in tab asks for on every page load and its frequent
 * writes, as bench/soak.ts sends them) and the SQL statements each may send once its
 * session is known (the session read and the idle clock are kept for a while: see
 * auth/session-cache.ts and features/security/session-policy.ts). Reads: at most 3
 * (DESIGN §6). Shared by statements.test.ts, which holds each route to its budget, and
 * the bench's `statements` stage, which prints the table.
 */
export interface RouteCost {
  name: string;
  as: 'candidate' | 'recruiter' | 'admin';
  method?: 'GET' | 'POST' | 'PUT';
  path: (s: Seeded) => string;
  body?: (s: Seeded, n: number) => unknown;
  status: number;
  budget: number;
}

export interface Seeded {
  candidate: TestUser;
  recruiter: TestUser;
  admin: TestUser;
  assessmentId: string;
  conversationId: string;
  jobId: string;
}

export const ROUTE_COSTS: RouteCost[] = [
  // better-auth's own endpoint reads the session itself (and may refresh its expiry).
  { name: 'session', as: 'candidate', path: () => '/api/auth/get-session', status: 200, budget: 1 },
  // The admin's default language is kept until the settings change (app.ts).
  { name: 'config', as: 'candidate', path: () => '/api/config', status: 200, budget: 0 },
  {
    name: 'session status',
    as: 'candidate',
    path: () => '/api/session/status',
    status: 200,
    budget: 1,
  },
  {
    name: 'my assessments (candidate)',
    as: 'candidate',
    path: () => '/api/assessments',
    status: 200,
    budget: 1,
  },
  {
    name: 'assessments (recruiter)',
    as: 'recruiter',
    path: () => '/api/assessments',
    status: 200,
    budget: 2,
  },
  {
    name: 'one assessment',
    as: 'candidate',
    path: (s) => `/api/assessments/${s.assessmentId}`,
    status: 200,
    budget: 2,
  },
  {
    name: 'assessment files',
    as: 'candidate',
    path: (s) => `/api/assessments/${s.assessmentId}/files`,
    status: 200,
    budget: 3,
  },
  {
    name: 'save a file',
    as: 'candidate',
    method: 'PUT',
    path: (s) => `/api/assessments/${s.assessmentId}/files/README.md`,
    body: (_s, n) => ({ content: `# Shop ${n}\n`, editedAt: 1_000_000 + n }),
    status: 200,
    budget: 1,
  },
  {
    name: 'my applications',
    as: 'candidate',
    path: () => '/api/applications/mine',
    status: 200,
    budget: 1,
  },
  { name: 'jobs (candidate)', as: 'candidate', path: () => '/api/jobs', status: 200, budget: 1 },
  {
    name: 'one job',
    as: 'candidate',
    path: (s) => `/api/jobs/${s.jobId}`,
    status: 200,
    budget: 2,
  },
  {
    name: 'managed jobs',
    as: 'recruiter',
    path: () => '/api/jobs/managed',
    status: 200,
    budget: 2,
  },
  { name: 'templates', as: 'recruiter', path: () => '/api/templates', status: 200, budget: 1 },
  {
    name: 'unread count',
    as: 'candidate',
    path: () => '/api/conversations/unread-count',
    status: 200,
    budget: 1,
  },
  // Four counts and four lists (messages, invitations, notifications, job invitations) in one.
  {
    name: 'notifications',
    as: 'candidate',
    path: () => '/api/notifications',
    status: 200,
    budget: 1,
  },
  { name: 'inbox', as: 'candidate', path: () => '/api/conversations', status: 200, budget: 2 },
  {
    name: 'open a conversation',
    as: 'candidate',
    path: (s) => `/api/conversations/${s.conversationId}/messages`,
    status: 200,
    budget: 3,
  },
  {
    name: 'send a message',
    as: 'candidate',
    method: 'POST',
    path: (s) => `/api/conversations/${s.conversationId}/messages`,
    body: (_s, n) => ({ content: `Reply ${n}`, clientId: `route-cost-${n}` }),
    status: 201,
    budget: 1,
  },
  { name: 'profile', as: 'candidate', path: () => '/api/profile', status: 200, budget: 1 },
  // The page without words: no fuzzy word, so no transaction for its threshold.
  {
    name: 'find candidates',
    as: 'recruiter',
    path: () => '/api/candidates',
    status: 200,
    budget: 1,
  },
  // A fuzzy word (a misspelling) sets the trigram threshold for its search: a transaction.
  {
    name: 'find candidates, a misspelt word',
    as: 'recruiter',
    path: () => '/api/candidates?q=typscript',
    status: 200,
    budget: 4,
  },
  // A page of eight figures, as one statement.
  { name: 'analytics', as: 'recruiter', path: () => '/api/analytics', status: 200, budget: 1 },
];

async function ok(res: Response, status: number) {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Two people with an assessment started, a conversation and a published job between them. */
export async function seedRouteCosts(t: TestApp): Promise<Seeded> {
  const admin = await t.createUser('admin');
  const recruiter = await t.createUser('recruiter', { name: 'Rita Recruiter' });
  const candidate = await t.createUser('candidate', { name: 'Casey Candidate' });
  await ok(
    await t.request('/api/profile', {
      method: 'PUT',
      as: recruiter,
      json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
    }),
    200,
  );
  const template = await ok(
    await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: {
        title: 'Cart',
        roleName: 'Dev',
        project: {
          name: 'shop',
          branch: 'main',
          context: '',
          ticket: 'Add a discount',
          runner: 'node',
          files: [{ path: 'README.md', content: '# Shop\n' }],
          hiddenFiles: [],
        },
      },
    }),
    201,
  );
  const dueDate = toIsoDate(new Date(Date.now() + 14 * 86_400_000));
  const assessment = await ok(
    await t.request('/api/assessments', {
      method: 'POST',
      as: recruiter,
      json: { templateId: template.id, candidateId: candidate.id, dueDate, message: '' },
    }),
    201,
  );
  await ok(
    await t.request(`/api/assessments/${assessment.id}/start`, { method: 'POST', as: candidate }),
    200,
  );
  const conversation = await ok(
    await t.request('/api/conversations', {
      method: 'POST',
      as: recruiter,
      json: { recipientIds: [candidate.id], subject: 'Hello', message: 'Welcome aboard' },
    }),
    201,
  );
  const job = await ok(
    await t.request('/api/jobs', {
      method: 'POST',
      as: recruiter,
      json: {
        title: 'Senior TypeScript Engineer',
        department: 'Engineering',
        locations: ['Berlin'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '5-10',
        salaryMin: 80000,
        salaryMax: 110000,
        currency: 'EUR',
        showSalary: true,
        description: 'Build things.',
        openings: 1,
        closingDate: dueDate,
        status: 'published',
      },
    }),
    201,
  );
  return {
    admin,
    recruiter,
    candidate,
    assessmentId: assessment.id,
    conversationId: conversation.id,
    jobId: job.id,
  };
}

export interface MeasuredCost {
  route: RouteCost;
  /** The first request of a fresh session: its read and the idle clock's first write. */
  cold: string[];
  /** A later request of the same session. */
  warm: string[];
}

/** Each route's statements, first with every session cache emptied, then again. */
export async function measureRouteCosts(t: TestApp, seeded: Seeded): Promise<MeasuredCost[]> {
  const counter = countStatements(t.database);
  const measured: MeasuredCost[] = [];
  let n = 0;
  for (const route of ROUTE_COSTS) {
    const send = async () => {
      n++;
      const body = route.body?.(seeded, n);
      const res = await t.request(route.path(seeded), {
        method: route.method ?? 'GET',
        as: seeded[route.as],
        ...(body === undefined ? {} : { json: body }),
      });
      if (res.status !== route.status) {
        throw new Error(`${route.name}: ${res.status} ${await res.text()}`);
      }
      await res.arrayBuffer();
    };
    t.sessions.clear();
    const cold = await counter.during(send);
    const warm = await counter.during(send);
    measured.push({ route, cold, warm });
  }
  return measured;
}
