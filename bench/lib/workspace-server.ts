/**
 * Child process of the `workspace` bench stage (bench/workspace.ts), run as
 *
 *   node --import tsx bench/lib/workspace-server.ts   (env PORT_APP, PORT_BARE, DATA_DIR)
 *
 * The real app (createServices, as main.ts builds it) on its own embedded database, seeded
 * through the services: an admin's template on the JavaScript starter project, assigned by a
 * recruiter to a candidate who has started it. Prints one JSON line on stdout:
 * {"candidateCookie", "assessmentId", "starterFiles"}. SIGTERM/SIGINT stop it.
 */
import { randomUUID } from 'node:crypto';
import { toIsoDate } from '../../src/domain/assessments';
import { createAccount } from '../../src/server/auth/users';
import {
  assignAssessment,
  startAssessment,
} from '../../src/server/features/assessments/assessments.service';
import { createTemplate } from '../../src/server/features/templates/templates.service';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { childEnv, listen, required, stopOnSignal } from './child-server';

export interface WorkspaceServerReady {
  candidateCookie: string;
  assessmentId: string;
  starterFiles: number;
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
    return { id: created.id, email, name, role };
  };
  const admin = await account('admin', 'Bench Admin');
  const recruiter = await account('recruiter', 'Bench Recruiter');
  const candidate = await account('candidate', 'Bench Candidate');
  const template = await createTemplate({ db, bus: services.bus, mailer: services.mailer }, admin, {
    title: 'A 200-file project',
    roleName: 'Full Stack Developer',
    tasks: [{ title: 'Make the tests pass', description: 'cart.js', type: 'code' }],
    starterProject: 'javascript',
  });
  const deps = { db, bus: services.bus, mailer: services.mailer, appUrl };
  const assigned = await assignAssessment(deps, recruiter, {
    templateId: template.id,
    candidateId: candidate.id,
    dueDate: toIsoDate(new Date(Date.now() + 7 * 86_400_000)),
    message: 'Bench',
  });
  await startAssessment(deps, candidate, assigned.id);

  const servers = [await listen(services.app.fetch, portApp)];
  stopOnSignal(servers, services);

  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ email: candidate.email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const candidateCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const ready: WorkspaceServerReady = {
    candidateCookie,
    assessmentId: assigned.id,
    starterFiles: assigned.project.fileNames.length,
  };
  console.log(JSON.stringify(ready));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
