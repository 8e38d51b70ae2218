/**
 * Child process of the `candidates` bench stage (bench/candidates.ts), run as
 *
 *   node --import tsx bench/lib/candidates-server.ts   (env PORT_APP, DATA_DIR, CANDIDATES)
 *
 * The real app on an embedded database seeded with CANDIDATES candidate profiles (inserted
 * directly, in batches: the database triggers build their search rows as the profile screen
 * would) and one recruiter, whose session cookie it makes with better-auth's internal
 * adapter. Prints one JSON line on stdout (CandidatesServerReady). SIGTERM/SIGINT stop it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../src/domain/constants';
import { emptyProfileDetails } from '../../src/domain/profile';
import { profile, user } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { childEnv, listen, required, stopOnSignal } from './child-server';

const BATCH = 500;

export interface CandidatesServerReady {
  candidates: number;
  /** Discoverable search rows after seeding. */
  searchRows: number;
  recruiterCookie: string;
  seedMs: number;
}

const FIRST = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jamal',
  'Kira',
  'Liam',
  'Mona',
  'Nils',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST = [
  'Adams',
  'Berg',
  'Costa',
  'Diaz',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Meyer',
  'Novak',
  'Okafor',
  'Petrov',
  'Quispe',
  'Rossi',
  'Silva',
  'Tanaka',
  'Urban',
  'Vogel',
  'Weber',
  'Yilmaz',
  'Zhang',
];
const TITLES = [
  'Backend Developer',
  'Frontend Engineer',
  'Full Stack Developer',
  'Data Scientist',
  'DevOps Engineer',
  'Mobile Developer',
  'QA Engineer',
  'Machine Learning Engineer',
  'Product Designer',
  'Site Reliability Engineer',
];
const SKILLS = [
  'TypeScript',
  'JavaScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'Python',
  'Django',
  'Go',
  'Rust',
  'Kubernetes',
  'Terraform',
  'AWS',
  'Java',
  'Spring Boot',
  'Kotlin',
  'Swift',
  'Flutter',
  'SQL',
  'Pandas',
  'PyTorch',
  'Playwright',
  'GraphQL',
  'Docker',
  'Elasticsearch',
  'Figma',
];
const PLACES = [
  'Berlin',
  'London',
  'Madrid',
  'Lisbon',
  'Warsaw',
  'Lagos',
  'Toronto',
  'Austin',
  'Stockholm',
  'Milan',
  'Dublin',
  'Prague',
  'Nairobi',
  'Bangalore',
  'Sydney',
];
const BIO = [
  'Builds payment systems.',
  'Loves accessible interfaces.',
  'Automates everything twice.',
  'Mentors junior developers.',
  'Turns data into decisions.',
  'Keeps platforms boring and cheap.',
];

/** A small deterministic generator, so both sizes hold the same kind of profiles. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function main() {
  const env = childEnv(Number(required('PORT_APP')));
  const count = Number(required('CANDIDATES'));
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;
  const started = Date.now();
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;

  for (let i = 0; i < count; i += BATCH) {
    const size = Math.min(BATCH, count - i);
    const users = Array.from({ length: size }, (_, k) => ({
      id: randomUUID(),
      name: `${pick(FIRST)} ${pick(LAST)}`,
      email: `candidate-${i + k}@bench.test`,
      role: 'candidate',
      emailVerified: true,
    }));
    await db.insert(user).values(users);
    await db.insert(profile).values(
      users.map((u) => {
        const skills = new Set<string>();
        while (skills.size < 3 + Math.floor(next() * 4)) skills.add(pick(SKILLS));
        const place = pick(PLACES);
        return {
          userId: u.id,
          details: {
            ...emptyProfileDetails(),
            title: pick(TITLES),
            location: place,
            skills: [...skills].join(', '),
            experience: pick(EXPERIENCE_OPTIONS),
            bio: `${pick(BIO)} Based in ${place}.`,
            discoverable: next() > 0.05,
            jobPreferences: {
              jobType: [pick(JOB_TYPES)],
              remote: next() > 0.5,
              salary: { min: null, max: null, currency: 'EUR' as const },
              location: [pick(PLACES)],
            },
          },
        };
      }),
    );
  }
  await services.database.query('analyze');

  const recruiterId = randomUUID();
  await db.insert(user).values({
    id: recruiterId,
    name: 'Bench Recruiter',
    email: 'recruiter@bench.test',
    role: 'recruiter',
    emailVerified: true,
  });
  const ctx = await services.auth.$context;
  const session = await ctx.internalAdapter.createSession(recruiterId);
  const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  const recruiterCookie = `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
  const check = await services.auth.api.getSession({
    headers: new Headers({ cookie: recruiterCookie }),
  });
  if (check?.user.id !== recruiterId) throw new Error('the bench session cookie is not accepted');

  const [rows] = await services.database.query<{ n: number }>(
    'select count(*)::int as n from candidate_search where discoverable',
  );
  const server = await listen(services.app.fetch, Number(required('PORT_APP')));
  stopOnSignal([server], services);
  const ready: CandidatesServerReady = {
    candidates: count,
    searchRows: rows?.n ?? 0,
    recruiterCookie,
    seedMs: Date.now() - started,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
