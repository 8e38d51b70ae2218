import { asc, eq } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/assessments';
import { newJobSchema } from '../../src/domain/jobs';
import {
  applicationEvent,
  assessment,
  assessmentTemplate,
  job,
  jobApplication,
} from '../../src/server/db/schema';
import {
  saveEvaluation,
  startAssessment,
  submitAssessment,
  toggleAllTasks,
} from '../../src/server/features/assessments/assessments.service';
import {
  applyToJob,
  createJob,
  moveApplications,
  withdrawApplication,
} from '../../src/server/features/jobs/jobs.service';
import { actorFor, type DemoIds, jobsDeps, type Services } from './shared';
/**
 * Analytics: two more jobs with an application from every demo candidate, walked through the
 * pipeline by the jobs rules (some through a scored assessment), then their history moved
 * back over the last ten weeks so the charts have weeks to show. Moving the timestamps is the
 * one thing done straight in the database: no screen can make an application in the past.
 * Skipped when the Site Reliability Engineer job exists.
 */
export async function seedAnalytics(services: Services, ids: DemoIds) {
  const { db } = services.database;
  const existing = await db
    .select({ id: job.id })
    .from(job)
    .where(eq(job.title, 'Site Reliability Engineer'))
    .limit(1);
  if (existing.length > 0) return 0;
  const [template] = await db
    .select({ id: assessmentTemplate.id })
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.active, true))
    .limit(1);
  if (!template) return 0;
  const deps = jobsDeps(services);
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const omar = actorFor(ids, 'omar@demo.talentforge.test', 'Omar Okafor', 'recruiter');
  const jobFields = {
    department: 'Engineering' as const,
    workplaceType: 'hybrid' as const,
    jobType: 'full-time' as const,
    experience: '3-5' as const,
    salaryMin: 80000,
    salaryMax: 105000,
    openings: 3,
    status: 'published' as const,
  };
  const sre = await createJob(
    deps,
    rita,
    newJobSchema.parse({
      ...jobFields,
      title: 'Site Reliability Engineer',
      locations: ['London', 'Remote UK'],
      country: 'GB',
      currency: 'GBP',
      description:
        '## About the role\n\nKeep our platform fast and up.\n\n- On-call one week in six',
    }),
  );
  const mobile = await createJob(
    deps,
    omar,
    newJobSchema.parse({
      ...jobFields,
      title: 'Mobile Engineer (React Native)',
      locations: ['Toronto'],
      country: 'CA',
      currency: 'CAD',
      description:
        '## About the role\n\nBuild our iOS and Android apps.\n\n- React Native, TypeScript',
    }),
  );
  const candidates: [string, string][] = [
    ['casey@demo.talentforge.test', 'Casey Chen'],
    ['priya@demo.talentforge.test', 'Priya Patel'],
    ['sam@demo.talentforge.test', 'Sam Taylor'],
    ['lena@demo.talentforge.test', 'Lena Fischer'],
    ['mateo@demo.talentforge.test', 'Mateo Garcia'],
    ['aisha@demo.talentforge.test', 'Aisha Bello'],
    ['noah@demo.talentforge.test', 'Noah Williams'],
    ['mia@demo.talentforge.test', 'Mia Rossi'],
    ['jonas@demo.talentforge.test', 'Jonas Berg'],
  ];
  type Step = 'screening' | 'assessment' | 'interview' | 'offer' | 'hired' | 'rejected';
  // Where each application goes; an assessment step is submitted and scored unless noted.
  const paths: { steps: Step[]; score?: number | null; withdraw?: boolean }[] = [
    { steps: ['screening', 'assessment', 'interview', 'offer', 'hired'], score: 91 },
    { steps: ['screening', 'rejected'] },
    { steps: ['screening', 'assessment', 'interview'], score: 74 },
    { steps: [] },
    { steps: ['screening', 'assessment', 'rejected'], score: 38 },
    { steps: ['screening'] },
    { steps: ['screening', 'assessment'], score: null },
    { steps: ['screening', 'interview', 'offer'] },
    { steps: [], withdraw: true },
    { steps: ['screening', 'assessment', 'interview', 'offer', 'hired'], score: 84 },
    { steps: ['screening', 'assessment', 'interview', 'rejected'], score: 62 },
  ];
  const DAY = 86_400_000;
  const now = Date.now();
  let made = 0;
  for (const [j, [owner, posted]] of (
    [
      [rita, sre],
      [omar, mobile],
    ] as const
  ).entries()) {
    // The job went up ten weeks ago.
    await db
      .update(job)
      .set({ createdAt: new Date(now - 72 * DAY), publishedAt: new Date(now - 70 * DAY) })
      .where(eq(job.id, posted.id));
    for (const [i, [email, name]] of candidates.entries()) {
      const who = actorFor(ids, email, name, 'candidate');
      const path = paths[(i + j * 5) % paths.length]!;
      const app = await applyToJob(
        deps,
        who,
        posted.id,
        { coverLetter: `I would like to join as ${posted.title}.` },
        null,
      );
      made++;
      let assessmentId: string | null = null;
      for (const stage of path.steps) {
        if (stage === 'assessment') {
          await moveApplications(deps, owner, posted.id, {
            applicationIds: [app.id],
            stage,
            assessment: {
              templateId: template.id,
              dueDate: toIsoDate(new Date(now + 7 * DAY)),
              message: `Part of the ${posted.title} process.`,
            },
          });
          const [row] = await db
            .select({ id: jobApplication.assessmentId })
            .from(jobApplication)
            .where(eq(jobApplication.id, app.id));
          assessmentId = row?.id ?? null;
          if (assessmentId && path.score !== undefined) {
            await startAssessment(deps, who, assessmentId);
            await toggleAllTasks(deps, who, assessmentId);
            await submitAssessment(deps, who, assessmentId);
            if (path.score !== null) {
              await saveEvaluation(deps, owner, assessmentId, {
                score: path.score,
                feedback: 'Thanks for the thoughtful work.',
              });
            }
          }
        } else {
          await moveApplications(deps, owner, posted.id, {
            applicationIds: [app.id],
            stage,
            reason: stage === 'rejected' ? 'Another candidate was a closer fit' : undefined,
          });
        }
      }
      if (path.withdraw) await withdrawApplication(deps, who, app.id);

      // Spread the history: applied between ten and two weeks ago, 1–6 days between moves.
      const applied = now - (68 - ((i * 7 + j * 3) % 55)) * DAY - ((i * 5) % 9) * 3_600_000;
      const events = await db
        .select({ id: applicationEvent.id, toStage: applicationEvent.toStage })
        .from(applicationEvent)
        .where(eq(applicationEvent.applicationId, app.id))
        .orderBy(asc(applicationEvent.createdAt), asc(applicationEvent.id));
      let at = applied;
      for (const [k, e] of events.entries()) {
        if (k > 0) at += (1 + ((i + k * 2 + j) % 6)) * DAY + ((k * 7) % 11) * 3_600_000;
        at = Math.min(at, now - 3_600_000);
        await db
          .update(applicationEvent)
          .set({ createdAt: new Date(at) })
          .where(eq(applicationEvent.id, e.id));
        if (e.toStage === 'assessment' && assessmentId) {
          const submitted = Math.min(at + (1 + (i % 3)) * DAY, now - 2 * 3_600_000);
          await db
            .update(assessment)
            .set({
              createdAt: new Date(at),
              startedAt: new Date(at + 3_600_000),
              ...(path.score !== undefined ? { completedDate: new Date(submitted) } : {}),
              ...(path.score !== undefined && path.score !== null
                ? { reviewedAt: new Date(Math.min(submitted + (4 + i * 5) * 3_600_000, now)) }
                : {}),
            })
            .where(eq(assessment.id, assessmentId));
        }
      }
      await db
        .update(jobApplication)
        .set({ createdAt: new Date(applied) })
        .where(eq(jobApplication.id, app.id));
    }
  }
  return made;
}
