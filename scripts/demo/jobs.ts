import { eq } from 'drizzle-orm';
import { toIsoDate } from '../../src/domain/assessments';
import type { NewJobInput } from '../../src/domain/jobs';
import { newJobSchema } from '../../src/domain/jobs';
import { assessmentTemplate, job } from '../../src/server/db/schema';
import {
  applyToJob,
  changeJobStatus,
  createJob,
  moveApplications,
  withdrawApplication,
} from '../../src/server/features/jobs/jobs.service';
import { demoResume } from './resumes';
import { actorFor, type DemoIds, jobsDeps, type Services } from './shared';
/**
 * Jobs in every state (draft, published, closed, archived) from both recruiters, and
 * applications from the demo candidates across the pipeline, through the jobs rules.
 * Skipped when any job exists.
 */
export async function seedJobs(services: Services, ids: DemoIds) {
  const { db } = services.database;
  if ((await db.select({ id: job.id }).from(job).limit(1)).length > 0) return 0;
  const deps = jobsDeps(services);
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const omar = actorFor(ids, 'omar@demo.talentforge.test', 'Omar Okafor', 'recruiter');
  const casey = actorFor(ids, 'casey@demo.talentforge.test', 'Casey Chen', 'candidate');
  const priya = actorFor(ids, 'priya@demo.talentforge.test', 'Priya Patel', 'candidate');
  const sam = actorFor(ids, 'sam@demo.talentforge.test', 'Sam Taylor', 'candidate');
  const post = (as: typeof rita, input: Partial<NewJobInput> & { title: string }) =>
    createJob(
      deps,
      as,
      newJobSchema.parse({
        department: 'Engineering',
        locations: ['London'],
        country: 'GB',
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '3-5',
        salaryMin: 70000,
        salaryMax: 95000,
        currency: 'GBP',
        description: `## About the role\n\nJoin the team behind ${input.title}.\n\n## What you will do\n\n- Ship features end to end\n- Review code and mentor\n\n## What we look for\n\n- Solid TypeScript\n- Care for users`,
        openings: 1,
        status: 'published',
        ...input,
      }),
    );
  const fullStack = await post(rita, { title: 'Senior Full Stack Engineer', openings: 2 });
  const dataPlatform = await post(rita, {
    title: 'Data Platform Engineer',
    locations: ['London', 'Remote UK'],
    workplaceType: 'remote',
    experience: '5-10',
  });
  await post(rita, { title: 'Frontend Engineer (React)', status: 'draft', experience: '1-3' });
  const designer = await post(rita, {
    title: 'Product Designer',
    department: 'Design',
    jobType: 'contract',
    showSalary: false,
  });
  const support = await post(rita, {
    title: 'Support Engineer',
    department: 'Customer Support',
    experience: '0-1',
  });
  const payments = await post(omar, {
    title: 'Backend Engineer, Payments',
    locations: ['Toronto'],
    country: 'CA',
    currency: 'CAD',
    salaryMin: 110000,
    salaryMax: 140000,
    workplaceType: 'on-site',
  });
  const marketing = await post(omar, {
    title: 'Growth Marketing Manager',
    department: 'Marketing',
    locations: ['Toronto', 'Remote'],
    country: 'CA',
    currency: 'CAD',
    salaryMin: 90000,
    salaryMax: 115000,
  });

  const apply = (who: typeof casey, jobId: string, letter: string, withResume = false) =>
    applyToJob(
      deps,
      who,
      jobId,
      { coverLetter: letter },
      withResume
        ? { name: `${who.name.split(' ')[0]}-cv.pdf`, bytes: demoResume(who.email) }
        : null,
    );
  const move = (
    as: typeof rita,
    jobId: string,
    appId: string,
    stage: 'screening' | 'interview' | 'offer' | 'hired' | 'rejected',
    reason?: string,
  ) => moveApplications(deps, as, jobId, { applicationIds: [appId], stage, reason });

  // Senior Full Stack: Sam new, Casey in screening, Priya at the offer.
  await apply(sam, fullStack.id, 'I have built React and Node apps for four years.', true);
  const caseyFs = await apply(
    casey,
    fullStack.id,
    'Full stack is what I love; my portfolio is attached.',
    true,
  );
  await move(rita, fullStack.id, caseyFs.id, 'screening');
  const priyaFs = await apply(priya, fullStack.id, 'I led the rewrite of our billing UI.', true);
  await move(rita, fullStack.id, priyaFs.id, 'screening');
  // Priya's interview is held and scored, then she gets the offer (interviews.ts).
  await move(rita, fullStack.id, priyaFs.id, 'interview');
  // Casey's interview is booked (interviews.ts).
  await move(rita, fullStack.id, caseyFs.id, 'interview');
  // Data Platform: Casey on the Assessment stage (the template assigned through the pipeline).
  const caseyData = await apply(casey, dataPlatform.id, 'I run our Kafka and dbt pipelines.', true);
  // Mateo is asked to pick an interview time (interviews.ts).
  const mateo = actorFor(ids, 'mateo@demo.talentforge.test', 'Mateo Garcia', 'candidate');
  const mateoData = await apply(mateo, dataPlatform.id, 'Streaming data is my daily work.', true);
  await move(rita, dataPlatform.id, mateoData.id, 'screening');
  await move(rita, dataPlatform.id, mateoData.id, 'interview');
  const [template] = await db
    .select({ id: assessmentTemplate.id })
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.active, true))
    .limit(1);
  if (template) {
    await moveApplications(deps, rita, dataPlatform.id, {
      applicationIds: [caseyData.id],
      stage: 'assessment',
      assessment: {
        templateId: template.id,
        dueDate: toIsoDate(new Date(Date.now() + 6 * 86_400_000)),
        message: 'Part of the Data Platform Engineer process.',
      },
    });
  }
  // Product Designer: Sam interviewed, then the job closed.
  const samDesign = await apply(sam, designer.id, 'Design systems are my thing.', true);
  await move(rita, designer.id, samDesign.id, 'interview');
  await changeJobStatus(deps, rita, designer.id, 'close');
  // Support Engineer: archived after Priya was hired.
  const priyaSupport = await apply(priya, support.id, 'Happy to help customers every day.', true);
  await move(rita, support.id, priyaSupport.id, 'hired');
  await changeJobStatus(deps, rita, support.id, 'archive');
  // Omar: Sam rejected for Payments, Priya withdrew from Marketing, Casey applied.
  const samPay = await apply(sam, payments.id, 'I have worked on Stripe integrations.');
  await move(omar, payments.id, samPay.id, 'rejected', 'Looking for more payments experience');
  const priyaMkt = await apply(priya, marketing.id, 'Curious about a move into growth.');
  await withdrawApplication(deps, priya, priyaMkt.id);
  await apply(casey, payments.id, 'Payments reliability interests me a lot.');
  return 7;
}
