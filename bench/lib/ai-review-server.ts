/**
 * Child process of the `ai-review` bench stage (bench/ai-review.ts), run as
 *
 *   node --import tsx bench/lib/ai-review-server.ts   (env PORT_APP, DATA_DIR, AI_BASE_URL)
 *
 * The real app (createServices, as main.ts builds it) on its own embedded database, its AI
 * endpoint the stage's OpenAiTestServer. Seeded as a company would use it: an admin picks the
 * model with every feature on, a template on the JavaScript cart uses AI review with the
 * starter rubric, a candidate submits a change of several files after a failing test run
 * (bench/lib/ai-review-material.ts). Prints one JSON line on stdout:
 * {"reviewerCookie", "assessmentId", "pid"}. SIGTERM/SIGINT stop it.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_AI_SETTINGS, STARTER_RUBRIC } from '../../src/domain/ai-review';
import { toIsoDate } from '../../src/domain/assessments';
import { createAccount } from '../../src/server/auth/users';
import { testRun } from '../../src/server/db/schema';
import { createTemplate } from '../../src/server/features/templates/templates.service';
import { newId } from '../../src/server/lib/ids';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { ADDED_FILES, CART_EXTRA, TEST_RUN } from './ai-review-material';
import { childEnv, listen, required, stopOnSignal } from './child-server';
import { signIn } from './users';

export interface AiReviewServerReady {
  reviewerCookie: string;
  assessmentId: string;
  /** For the stage to read the server's CPU time (/proc/{pid}/stat). */
  pid: number;
}

async function main() {
  const portApp = Number(required('PORT_APP'));
  const appUrl = `http://localhost:${portApp}`;
  const services = await createServices(childEnv(portApp), createLogger('warn'));
  const { db } = services.database;
  const suffix = randomUUID().slice(0, 8);
  const password = `bench-password-${suffix}`;
  const account = async (role: 'admin' | 'recruiter' | 'candidate', name: string) => {
    const email = `bench-${role}-${suffix}@example.com`;
    const created = await createAccount(services.auth, { email, password, name, role });
    return { id: created.id, email, password, name, role };
  };
  const admin = await account('admin', 'Bench Admin');
  const recruiter = await account('recruiter', 'Bench Recruiter');
  const candidate = await account('candidate', 'Bench Candidate');
  const template = await createTemplate({ db, bus: services.bus, mailer: services.mailer }, admin, {
    title: 'Checkout with discounts and tax',
    roleName: 'Full Stack Developer',
    tasks: [{ title: 'Add discount codes and tax', description: 'cart.js', type: 'code' }],
    starterProject: 'javascript',
  });

  const servers = [await listen(services.app.fetch, portApp)];
  stopOnSignal(servers, services);

  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${appUrl}${path}`, {
      method,
      headers: { cookie, origin: appUrl, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const adminCookie = await signIn(appUrl, admin);
  const reviewerCookie = await signIn(appUrl, recruiter);
  const candidateCookie = await signIn(appUrl, candidate);
  await call(adminCookie, 'PUT', '/api/admin/ai', {
    ...DEFAULT_AI_SETTINGS,
    model: 'qwen-test',
    features: {
      rubric: true,
      notes: true,
      feedback: true,
      questions: true,
      afterSubmission: false,
    },
    detail: 'comprehensive',
  });
  await call(adminCookie, 'PUT', `/api/templates/${template.id}/ai-review`, {
    useAiReview: true,
    scoreBeforeAi: false,
    rubric: STARTER_RUBRIC,
  });
  const assigned = await call(reviewerCookie, 'POST', '/api/assessments', {
    templateId: template.id,
    candidateId: candidate.id,
    dueDate: toIsoDate(new Date(Date.now() + 7 * 86_400_000)),
    message: 'Bench',
  });
  const id = String(assigned.id);
  await call(candidateCookie, 'POST', `/api/assessments/${id}/start`);
  const files = (await call(candidateCookie, 'GET', `/api/assessments/${id}`)) as {
    project?: { files?: { path: string; content: string }[] };
  };
  const cart = files.project?.files?.find((f) => f.path === 'cart.js')?.content ?? '';
  await call(candidateCookie, 'PUT', `/api/assessments/${id}/files/cart.js`, {
    content: `${cart}${CART_EXTRA}`,
    editedAt: Date.now(),
  });
  for (const file of ADDED_FILES) {
    await call(candidateCookie, 'POST', `/api/assessments/${id}/file-changes`, {
      op: 'create',
      path: file.path,
      content: file.content,
      editedAt: Date.now(),
    });
  }
  // The sandbox may be missing on a bench machine: the run's outcome is what the prompt reads.
  await db.insert(testRun).values({
    id: newId(),
    assessmentId: id,
    trigger: 'candidate',
    status: 'failed',
    ...TEST_RUN,
    finishedAt: new Date(),
  });
  await call(candidateCookie, 'POST', `/api/assessments/${id}/submit`);

  const ready: AiReviewServerReady = { reviewerCookie, assessmentId: id, pid: process.pid };
  console.log(JSON.stringify(ready));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
