/**
 * npm run seed-demo: a company's worth of demo data that shows the whole product, with the
 * sign-in details printed. Safe to run twice (each part is skipped when its data exists).
 * Run it while the server is stopped (the embedded database allows one process).
 *
 * The parts (scripts/demo/): people and profiles; templates and assessments, with five
 * submissions taken through the app's routes (showcase.ts); conversations; jobs and the
 * pipeline with real PDF résumés and interviews; ten weeks of history for analytics.
 */
import { eq } from 'drizzle-orm';
import { emptyProfileDetails } from '../src/domain/profile';
import { createAccount } from '../src/server/auth/users';
import { profile, user } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { appUrlForTools } from '../src/server/lib/app-url-file';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';
import { seedAnalytics } from './demo/analytics';
import { seedAssessments } from './demo/assessments';
import { seedConversations } from './demo/conversations';
import { seedInterviews } from './demo/interviews';
import { seedJobs } from './demo/jobs';
import { demoUsers, PASSWORD, searchDemoCandidates } from './demo/people';

async function main() {
  const env = parseEnv();
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;
  const rows: string[][] = [];
  const ids = new Map<string, string>();
  const done: string[] = [];
  try {
    for (const demo of [...demoUsers, ...searchDemoCandidates]) {
      const [existing] = await db.select().from(user).where(eq(user.email, demo.email));
      const id =
        existing?.id ??
        (
          await createAccount(services.auth, {
            email: demo.email,
            password: PASSWORD,
            name: demo.name,
            role: demo.role,
          })
        ).id;
      if (!existing) {
        const details = { ...emptyProfileDetails(), ...demo.details };
        await db.insert(profile).values({ userId: id, details }).onConflictDoNothing();
        // The language they chose in their settings (screens and mail).
        if (demo.language)
          await db.update(user).set({ language: demo.language }).where(eq(user.id, id));
      }
      rows.push([demo.role, demo.name, demo.email, existing ? '(already there)' : PASSWORD]);
      ids.set(demo.email, id);
    }
    const assessments = await seedAssessments(services, ids);
    done.push(
      assessments
        ? `Assessments: Sam (not started), Casey (in progress), and five submissions of "Password policy for the auth service" in English, German, French, Spanish and Japanese with code, answers and playback recordings; Priya's is scored 88, Lena's matches Priya's in the similarity check.${assessments.runsUnavailable ? ` Test runs could not run here (${assessments.runsUnavailable}): they wait in the queue until a server that can run them starts.` : ' Test runs (visible and hidden tests) ran in the sandbox.'}`
        : 'Templates already exist: assessments were left as they are.',
    );
    const conversations = await seedConversations(services, ids);
    done.push(
      conversations
        ? 'Conversations: Casey and Rita (Casey answered by e-mail), Rita and Priya (unread for Priya), Omar to Sam (unread), Alex to both recruiters.'
        : 'Conversations already exist: left as they are.',
    );
    const jobs = await seedJobs(services, ids);
    done.push(
      jobs
        ? 'Jobs: 7 (published, a draft, one closed, one archived) with applications in every stage and PDF résumés.'
        : 'Jobs already exist: left as they are.',
    );
    const interviews = await seedInterviews(services, ids);
    done.push(
      interviews
        ? 'Interviews: Priya’s held and scored (Senior Full Stack Engineer), Casey’s booked, Mateo’s proposed and waiting for his pick.'
        : 'Interviews already exist (or the jobs were there before): left as they are.',
    );
    const analytics = await seedAnalytics(services, ids);
    done.push(
      analytics
        ? `Analytics: two more published jobs (Site Reliability Engineer, Mobile Engineer) and ${analytics} more applications spread over the last ten weeks.`
        : 'Analytics jobs already exist: left as they are.',
    );
  } finally {
    await services.close();
  }
  const url = appUrlForTools(env);
  console.log(`Demo accounts (sign in at ${url}/login, password ${PASSWORD}):\n`);
  for (const [role, name, email, password] of rows) {
    console.log(`  ${role!.padEnd(10)} ${name!.padEnd(16)} ${email!.padEnd(32)} ${password}`);
  }
  console.log(`\n${done.join('\n')}\n\nREADME's "Demo data" says what to look at as whom.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
