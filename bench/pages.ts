import { careerJobPath } from '../src/domain/careers';
import type { RunningServer } from './lib/server';
import { newUser, signIn, signUp } from './lib/users';
import { LOGIN_JS_BUDGET_KB } from './login-budget';

/**
 * The pages the browser stages measure. Add a line to measure another page,
 * e.g. `{ name: 'dashboard', path: '/candidate', signedInAs: 'candidate', lighthouseTarget: 90 }`.
 */
export interface BenchPage {
  /** Short name used in the summary. */
  name: string;
  /** Path on the app, e.g. '/login' (what the summary names; `seed` may give the real one). */
  path: string;
  /** Sign in a fresh user of this type before loading the page. */
  signedInAs?: 'candidate' | 'recruiter';
  /** Makes what the page shows and answers the path to load (e.g. a job's careers page). */
  seed?: (server: RunningServer) => Promise<string>;
  /** Gzipped JavaScript budget for this page, KB (1 KB = 1024 bytes). Omit to skip the stage. */
  jsBudgetKb?: number;
  /** Lighthouse performance score target (0-100, mobile). Omit to skip the stage. */
  lighthouseTarget?: number;
  /** Lighthouse SEO score target (0-100), when the page is meant for search engines. */
  seoTarget?: number;
}

/** The path to load: the seeded one, or `path` (seeded once per server). */
const seeded = new WeakMap<RunningServer, Map<string, Promise<string>>>();
export function pathOf(server: RunningServer, page: BenchPage): Promise<string> {
  if (!page.seed) return Promise.resolve(page.path);
  const paths = seeded.get(server) ?? new Map<string, Promise<string>>();
  seeded.set(server, paths);
  const path = paths.get(page.name) ?? page.seed(server);
  paths.set(page.name, path);
  return path;
}

const JOB_DESCRIPTION = [
  '## About the role',
  'You will build and run the services behind our hiring platform: the APIs recruiters and',
  'candidates use every day, the queues that send mail and the search that finds people.',
  '',
  '## What you will do',
  '- Design, build and operate TypeScript services on PostgreSQL',
  '- Review code and pair with the rest of the team',
  '- Keep an eye on latency, errors and costs',
  '',
  '## What we look for',
  '- Three years or more of building web back ends',
  '- Care for tests, clear code and the people who read it',
  '- **Bonus:** experience with search engines or message queues',
].join('\n');

/** A recruiter publishes a job with a full description; its careers page is measured. */
async function seedCareerJob(server: RunningServer): Promise<string> {
  const recruiter = newUser('recruiter');
  await signUp(server, recruiter);
  const cookie = await signIn(server.url, recruiter);
  const response = await fetch(`${server.url}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({
      title: 'Senior Backend Engineer',
      department: 'Engineering',
      locations: ['Lisbon', 'Berlin'],
      workplaceType: 'hybrid',
      jobType: 'full-time',
      experience: '3-5',
      salaryMin: 60000,
      salaryMax: 80000,
      description: JOB_DESCRIPTION,
      status: 'published',
    }),
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 201 || !body.id) {
    throw new Error(`posting the bench job answered ${response.status}: ${JSON.stringify(body)}`);
  }
  const path = careerJobPath({ id: body.id, title: 'Senior Backend Engineer' });
  const page = await fetch(`${server.url}${path}`);
  if (page.status !== 200) throw new Error(`the bench job's page ${path} answered ${page.status}`);
  return path;
}

export const pages: BenchPage[] = [
  // DESIGN.md §6: first screen at most 150 KB gzipped JS; Lighthouse >= 90 (we aim for 95).
  { name: 'login', path: '/login', jsBudgetKb: LOGIN_JS_BUDGET_KB, lighthouseTarget: 95 },
  // DESIGN.md §6: the candidate dashboard, Lighthouse performance >= 90 (signed in as a new candidate).
  { name: 'dashboard', path: '/candidate', signedInAs: 'candidate', lighthouseTarget: 90 },
  // Issue 22: a public job page, Lighthouse performance >= 90 and SEO >= 95. The job is in the
  // HTML; the app loads only when the visitor acts (docs/decisions/024), hence the small budget.
  {
    name: 'career-job',
    path: '/careers/{job}',
    seed: seedCareerJob,
    jsBudgetKb: 10,
    lighthouseTarget: 90,
    seoTarget: 95,
  },
];

/** The pages to measure: all, or those named in BENCH_PAGES (comma-separated, e.g. "career-job"). */
export function selectedPages(): BenchPage[] {
  const names = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length ? pages.filter((page) => names.includes(page.name)) : pages;
}
