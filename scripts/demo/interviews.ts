import { and, eq } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/assessments';
import type { Interview } from '../../src/domain/interviews';
import { interview, interviewSlot, job, jobApplication } from '../../src/server/db/schema';
import { signIn } from './api';
import { PASSWORD } from './people';
import { actorFor, type DemoIds, type Services } from './shared';

const DAY = 86_400_000;
const CRITERIA = ['Problem solving', 'Code quality', 'Communication'];

/**
 * Interviews on the Senior Full Stack Engineer and Data Platform Engineer pipelines, through
 * the interview routes: Priya's held and scored (then the offer), Casey's booked for next
 * week, Mateo's proposed with three times to pick from. A held interview needs a time in the
 * past, which no route accepts: its time is moved back two days in the database afterwards.
 * Skipped unless both jobs exist and none of their applications has an interview yet.
 */
export async function seedInterviews(services: Services, ids: DemoIds): Promise<boolean> {
  const { db } = services.database;
  const applicationOf = async (title: string, email: string) => {
    const [row] = await db
      .select({ id: jobApplication.id, jobId: job.id })
      .from(jobApplication)
      .innerJoin(job, eq(job.id, jobApplication.jobId))
      .where(and(eq(job.title, title), eq(jobApplication.candidateId, ids.get(email) ?? '')));
    return row;
  };
  const priyaApp = await applicationOf('Senior Full Stack Engineer', 'priya@demo.talentforge.test');
  const caseyApp = await applicationOf('Senior Full Stack Engineer', 'casey@demo.talentforge.test');
  const mateoApp = await applicationOf('Data Platform Engineer', 'mateo@demo.talentforge.test');
  if (!priyaApp || !caseyApp || !mateoApp) return false;
  const [existing] = await db
    .select({ id: interview.id })
    .from(interview)
    .where(eq(interview.applicationId, priyaApp.id));
  if (existing) return false;

  const rita = await signIn(
    services,
    actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter'),
    PASSWORD,
  );
  const as = (email: string, name: string) =>
    signIn(services, actorFor(ids, email, name, 'candidate'), PASSWORD);
  const slot = (daysAhead: number, time: string) => ({
    date: toIsoDate(new Date(Date.now() + daysAhead * DAY)),
    time,
    durationMinutes: 45,
    timeZone: 'Europe/London',
    location: 'https://meet.example.com/northwind-interviews',
  });
  const propose = (applicationId: string, slots: ReturnType<typeof slot>[]) =>
    rita.call<Interview>('POST', `/api/applications/${applicationId}/interviews`, {
      slots,
      interviewerIds: [rita.id],
    });

  await rita.call('PUT', `/api/jobs/${priyaApp.jobId}/scorecard-criteria`, {
    criteria: CRITERIA,
  });

  // Priya: picks a time, the interview is held (moved two days back), Rita scores it.
  const priya = await as('priya@demo.talentforge.test', 'Priya Patel');
  const held = await propose(priyaApp.id, [slot(2, '10:00'), slot(3, '14:00')]);
  await priya.call('POST', `/api/interviews/${held.id}/pick`, { slotId: held.slots[0]!.id });
  const [row] = await db
    .select({ startsAt: interview.startsAt })
    .from(interview)
    .where(eq(interview.id, held.id));
  const heldAt = new Date(row!.startsAt!.getTime() - 4 * DAY);
  await db.update(interview).set({ startsAt: heldAt }).where(eq(interview.id, held.id));
  await db
    .update(interviewSlot)
    .set({ startsAt: heldAt })
    .where(eq(interviewSlot.id, held.slots[0]!.id));
  await rita.call('PUT', `/api/interviews/${held.id}/scorecard`, {
    ratings: [
      { criterion: CRITERIA[0], rating: 4 },
      { criterion: CRITERIA[1], rating: 3 },
      { criterion: CRITERIA[2], rating: 4 },
    ],
    recommendation: 'strong-yes',
    notes:
      'Walked through her password-policy submission clearly; would add rate limiting next. Strong on trade-offs.',
  });
  await rita.call('POST', `/api/jobs/${priyaApp.jobId}/applications/move`, {
    applicationIds: [priyaApp.id],
    stage: 'offer',
  });

  // Casey: booked for next week.
  const casey = await as('casey@demo.talentforge.test', 'Casey Chen');
  const booked = await propose(caseyApp.id, [slot(6, '11:00'), slot(7, '15:30')]);
  await casey.call('POST', `/api/interviews/${booked.id}/pick`, { slotId: booked.slots[1]!.id });

  // Mateo: three times proposed, waiting for his pick.
  await propose(mateoApp.id, [slot(4, '09:30'), slot(5, '13:00'), slot(8, '16:00')]);
  return true;
}
