/**
 * npm run seed-demo: demo accounts with filled-in profiles, printed with their
 * sign-in details. Safe to run twice (existing accounts are left as they are).
 * Run it while the server is stopped (the embedded database allows one process).
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { toIsoDate } from '../src/domain/assessments';
import type { Role } from '../src/domain/constants';
import type { NewJobInput } from '../src/domain/jobs';
import { newJobSchema } from '../src/domain/jobs';
import { emptyProfileDetails, type ProfileDetails } from '../src/domain/profile';
import { createAccount } from '../src/server/auth/users';
import {
  applicationEvent,
  assessment,
  assessmentTemplate,
  conversation,
  job,
  jobApplication,
  profile,
  user,
} from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import {
  assignAssessment,
  saveEvaluation,
  setTaskCompleted,
  startAssessment,
  submitAssessment,
  toggleAllTasks,
} from '../src/server/features/assessments/assessments.service';
import {
  applyToJob,
  changeJobStatus,
  createJob,
  moveApplications,
  withdrawApplication,
} from '../src/server/features/jobs/jobs.service';
import {
  createConversation,
  markRead,
  sendMessage,
} from '../src/server/features/messaging/messaging.service';
import { createTemplate } from '../src/server/features/templates/templates.service';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/server';
import { diskStorage } from '../src/server/storage/storage';

const PASSWORD = 'demo-password';

interface DemoUser {
  name: string;
  email: string;
  role: Role;
  details: Partial<ProfileDetails>;
}

const demoUsers: DemoUser[] = [
  {
    name: 'Alex Admin',
    email: 'admin@demo.talentforge.test',
    role: 'admin',
    details: { adminLevel: 'super', department: 'Engineering' },
  },
  {
    name: 'Rita Recruiter',
    email: 'rita@demo.talentforge.test',
    role: 'recruiter',
    details: {
      title: 'Senior Technical Recruiter',
      location: 'London',
      bio: 'Hiring engineers who like hard problems.',
      company: {
        name: 'Northwind Labs',
        website: 'https://northwind.example',
        industry: 'Technology',
        size: '51-200',
        description: 'Developer tools for data teams.',
      },
    },
  },
  {
    name: 'Omar Okafor',
    email: 'omar@demo.talentforge.test',
    role: 'recruiter',
    details: {
      title: 'Talent Partner',
      location: 'Berlin',
      company: {
        name: 'Bluebird Health',
        website: 'https://bluebird.example',
        industry: 'Healthcare',
        size: '201-500',
        description: 'Clinics software.',
      },
    },
  },
  {
    name: 'Casey Chen',
    email: 'casey@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Full Stack Developer',
      location: 'Manchester',
      skills: 'TypeScript, React, Node.js, PostgreSQL',
      experience: '3-5',
      bio: 'I build web products end to end.',
      education: 'BSc Computer Science, University of Leeds',
      jobPreferences: {
        jobType: ['full-time'],
        remote: true,
        salary: { min: 55000, max: 75000, currency: 'GBP' },
        location: ['Manchester', 'Remote'],
      },
    },
  },
  {
    name: 'Priya Patel',
    email: 'priya@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Data Scientist',
      location: 'Bristol',
      skills: 'Python, SQL, Statistics, Pandas',
      experience: '1-3',
      bio: 'Turns messy data into forecasts people trust.',
      jobPreferences: {
        jobType: ['full-time', 'contract'],
        remote: false,
        salary: { min: 45000, max: 60000, currency: 'GBP' },
        location: ['Bristol'],
      },
    },
  },
  {
    name: 'Sam Taylor',
    email: 'sam@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'DevOps Engineer',
      location: 'Edinburgh',
      skills: 'Kubernetes, Terraform, Go, AWS',
      experience: '5-10',
      bio: 'Keeps platforms boring: automated, observable, cheap.',
      jobPreferences: {
        jobType: ['full-time', 'contract'],
        remote: true,
        salary: { min: null, max: null, currency: 'GBP' },
        location: ['Edinburgh', 'Glasgow'],
      },
    },
  },
];

const prefs = (
  jobType: ProfileDetails['jobPreferences']['jobType'],
  remote: boolean,
  location: string[],
): ProfileDetails['jobPreferences'] => ({
  jobType,
  remote,
  salary: { min: null, max: null, currency: 'EUR' },
  location,
});

/** More candidates, so that Find Candidates has something to rank and filter. */
const searchDemoCandidates: DemoUser[] = [
  {
    name: 'Lena Fischer',
    email: 'lena@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Senior Frontend Engineer',
      location: 'Berlin',
      skills: 'React, TypeScript, CSS, Accessibility, Vite',
      experience: '5-10',
      bio: 'Design systems and accessible interfaces for banking apps.',
      jobPreferences: prefs(['full-time', 'contract'], true, ['Berlin', 'Hamburg']),
    },
  },
  {
    name: 'Mateo Garcia',
    email: 'mateo@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Backend Developer',
      location: 'Madrid',
      skills: 'Java, Spring Boot, Kafka, PostgreSQL',
      experience: '3-5',
      bio: 'Event-driven payment services.',
      jobPreferences: prefs(['full-time'], false, ['Madrid']),
    },
  },
  {
    name: 'Aisha Bello',
    email: 'aisha@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Mobile Developer',
      location: 'Lagos',
      skills: 'Kotlin, Swift, Flutter, Firebase',
      experience: '1-3',
      bio: 'Shipped three fintech apps with a million downloads between them.',
      jobPreferences: prefs(['full-time', 'contract'], true, []),
    },
  },
  {
    name: 'Noah Williams',
    email: 'noah@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Machine Learning Engineer',
      location: 'Toronto',
      skills: 'Python, PyTorch, Kubernetes, SQL',
      experience: '10+',
      bio: 'Recommendation systems at scale; mentors junior engineers.',
      jobPreferences: prefs(['full-time'], true, ['Toronto', 'Montreal']),
    },
  },
  {
    name: 'Mia Rossi',
    email: 'mia@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Junior QA Engineer',
      location: 'Milan',
      skills: 'Playwright, Cypress, JavaScript, TypeScript',
      experience: '0-1',
      bio: 'Automates the tests nobody wants to run by hand.',
      jobPreferences: prefs(['internship', 'part-time'], false, ['Milan']),
    },
  },
  {
    name: 'Jonas Berg',
    email: 'jonas@demo.talentforge.test',
    role: 'candidate',
    details: {
      title: 'Systems Programmer',
      location: 'Stockholm',
      skills: 'Rust, Go, Linux',
      experience: '5-10',
      bio: 'Not looking right now: hidden from Find Candidates.',
      discoverable: false,
      jobPreferences: prefs(['full-time'], true, []),
    },
  },
];

/** Templates, then assessments in every state, assigned by Rita. Skipped when any exist. */
async function seedAssessments(
  services: Awaited<ReturnType<typeof createServices>>,
  ids: Map<string, string>,
) {
  const { db } = services.database;
  if ((await db.select({ id: assessmentTemplate.id }).from(assessmentTemplate).limit(1)).length > 0)
    return 0;
  const admin = actorFor(ids, 'admin@demo.talentforge.test', 'Alex Admin', 'admin');
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const deps = { db, bus: services.bus };
  const fullStack = await createTemplate(deps, admin, {
    title: 'Password policy for the auth service',
    roleName: 'Full Stack Developer',
    department: 'Engineering',
    description: 'Add a password policy to registration in a small Express + TypeScript service.',
    tasks: [
      {
        title: 'Implement the password rule',
        description: 'Fill in validatePassword in auth.service.ts (ticket AUTH-142).',
        type: 'code',
      },
      {
        title: 'Cover it with tests',
        description: 'Replace the todo tests in auth.test.ts.',
        type: 'code',
      },
      {
        title: 'Explain your approach',
        description: 'A few sentences on the trade-offs you made.',
        type: 'text',
      },
      {
        title: 'Update the README',
        description: 'Document the rule for the API consumers.',
        type: 'document',
      },
    ],
  });
  await createTemplate(deps, admin, {
    title: 'Data cleaning exercise',
    roleName: 'Data Scientist',
    department: 'Product',
    description: 'Clean a messy sign-up export and report what you found.',
    durationHours: 3,
    tasks: [
      { title: 'Describe the data problems', description: '', type: 'text' },
      { title: 'Write the cleaning function', description: '', type: 'code' },
    ],
  });
  await createTemplate(deps, admin, {
    title: 'Incident write-up (retired)',
    roleName: 'DevOps Engineer',
    department: 'Engineering',
    active: false,
    tasks: [{ title: 'Write the post-mortem', description: '', type: 'document' }],
  });
  const aDeps = { db, bus: services.bus, mailer: services.mailer, appUrl: services.env.APP_URL };
  const assign = (email: string, due: number) =>
    assignAssessment(aDeps, rita, {
      templateId: fullStack.id,
      candidateId: ids.get(email) ?? '',
      dueDate: toIsoDate(new Date(Date.now() + due * 86_400_000)),
      message: 'Looking forward to seeing how you approach this.',
    });
  const casey = actorFor(ids, 'casey@demo.talentforge.test', 'Casey Chen', 'candidate');
  const priya = actorFor(ids, 'priya@demo.talentforge.test', 'Priya Patel', 'candidate');
  // Scheduled: Sam has not opened it yet.
  await assign('sam@demo.talentforge.test', 7);
  // In progress: Casey ticked one task.
  const inProgress = await assign('casey@demo.talentforge.test', 5);
  await startAssessment(aDeps, casey, inProgress.id);
  await setTaskCompleted(aDeps, casey, inProgress.id, inProgress.tasks[0]!.id, { completed: true });
  // Completed and scored: Priya finished everything.
  const done = await assign('priya@demo.talentforge.test', 3);
  await startAssessment(aDeps, priya, done.id);
  await toggleAllTasks(aDeps, priya, done.id);
  await submitAssessment(aDeps, priya, done.id);
  await saveEvaluation(aDeps, rita, done.id, {
    score: 88,
    feedback: 'Clear rule, good tests, README updated.',
  });
  return 4;
}

/** Conversations between the demo users, through the same rules as the app. Skipped when any exist. */
async function seedConversations(
  services: Awaited<ReturnType<typeof createServices>>,
  ids: Map<string, string>,
) {
  const { db } = services.database;
  if ((await db.select({ id: conversation.id }).from(conversation).limit(1)).length > 0) return 0;
  const deps = { db, bus: services.bus, mailer: services.mailer, appUrl: services.env.APP_URL };
  const admin = actorFor(ids, 'admin@demo.talentforge.test', 'Alex Admin', 'admin');
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const omar = actorFor(ids, 'omar@demo.talentforge.test', 'Omar Okafor', 'recruiter');
  const casey = actorFor(ids, 'casey@demo.talentforge.test', 'Casey Chen', 'candidate');
  const priya = actorFor(ids, 'priya@demo.talentforge.test', 'Priya Patel', 'candidate');
  const sam = actorFor(ids, 'sam@demo.talentforge.test', 'Sam Taylor', 'candidate');
  let n = 0;
  const reply = (actor: typeof rita, id: string, content: string) =>
    sendMessage(deps, actor, id, { content, clientId: `seed-${id}-${++n}` });

  // Casey asks her recruiter about the assessment; Rita answers; Casey has read it.
  const question = await createConversation(deps, casey, {
    recipientIds: [rita.id],
    subject: 'Re: Password policy for the auth service',
    message:
      'Hi Rita, should the password rule also reject common passwords, or only check length and character classes?',
  });
  await reply(
    rita,
    question.conversation.id,
    'Length and character classes are enough. Mention anything else you would add in your write-up.',
  );
  await reply(casey, question.conversation.id, 'Perfect, thank you!');
  await markRead(deps, rita, question.conversation.id);

  // Rita congratulates Priya on her result; Priya has not opened it yet (unread for her).
  const result = await createConversation(deps, rita, {
    recipientIds: [priya.id],
    subject: 'Your assessment result',
    message:
      'Great work on the password policy assessment: 88/100. Could we talk on Thursday about next steps?',
  });
  await reply(priya, result.conversation.id, 'Thank you! Thursday afternoon works for me.');
  await reply(rita, result.conversation.id, 'Booked for 2pm. I will send the invite.');

  // Omar reaches out to Sam (unread for Sam).
  await createConversation(deps, omar, {
    recipientIds: [sam.id],
    subject: 'DevOps role at Bluebird Health',
    message:
      'Hi Sam, your Kubernetes and Terraform experience caught my eye. Open to a chat about a platform role?',
  });

  // The admin writes to both recruiters at once.
  await createConversation(deps, admin, {
    recipientIds: [rita.id, omar.id],
    subject: 'New assessment templates',
    message: 'Two new templates are live in the library. Let me know if any role is missing.',
  });
  return 4;
}

/**
 * Jobs in every state (draft, published, closed, archived) from both recruiters, and
 * applications from the demo candidates across the pipeline, through the jobs rules.
 * Skipped when any job exists.
 */
async function seedJobs(
  services: Awaited<ReturnType<typeof createServices>>,
  ids: Map<string, string>,
) {
  const { db } = services.database;
  if ((await db.select({ id: job.id }).from(job).limit(1)).length > 0) return 0;
  const deps = {
    db,
    bus: services.bus,
    mailer: services.mailer,
    appUrl: services.env.APP_URL,
    storage: diskStorage(path.join(services.env.DATA_DIR, 'files')),
  };
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
    currency: 'CAD',
    salaryMin: 110000,
    salaryMax: 140000,
    workplaceType: 'on-site',
  });
  const marketing = await post(omar, {
    title: 'Growth Marketing Manager',
    department: 'Marketing',
    locations: ['Toronto', 'Remote'],
    currency: 'CAD',
    salaryMin: 90000,
    salaryMax: 115000,
  });

  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const apply = (who: typeof casey, jobId: string, letter: string, withResume = false) =>
    applyToJob(
      deps,
      who,
      jobId,
      { coverLetter: letter },
      withResume ? { name: `${who.name.split(' ')[0]}-cv.pdf`, bytes: pdf } : null,
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
  const priyaFs = await apply(priya, fullStack.id, 'I led the rewrite of our billing UI.');
  await move(rita, fullStack.id, priyaFs.id, 'screening');
  await move(rita, fullStack.id, priyaFs.id, 'interview');
  await move(rita, fullStack.id, priyaFs.id, 'offer');
  // Data Platform: Casey on the Assessment stage (the template assigned through the pipeline).
  const caseyData = await apply(casey, dataPlatform.id, 'I run our Kafka and dbt pipelines.');
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
  const samDesign = await apply(sam, designer.id, 'Design systems are my thing.');
  await move(rita, designer.id, samDesign.id, 'interview');
  await changeJobStatus(deps, rita, designer.id, 'close');
  // Support Engineer: archived after Priya was hired.
  const priyaSupport = await apply(priya, support.id, 'Happy to help customers every day.');
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

/**
 * Analytics: two more jobs with an application from every demo candidate, walked through the
 * pipeline by the jobs rules (some through a scored assessment), then their history moved
 * back over the last ten weeks so the charts have weeks to show. Moving the timestamps is the
 * one thing done straight in the database: no screen can make an application in the past.
 * Skipped when the Site Reliability Engineer job exists.
 */
async function seedAnalytics(
  services: Awaited<ReturnType<typeof createServices>>,
  ids: Map<string, string>,
) {
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
  const deps = {
    db,
    bus: services.bus,
    mailer: services.mailer,
    appUrl: services.env.APP_URL,
    storage: diskStorage(path.join(services.env.DATA_DIR, 'files')),
  };
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

function actorFor(ids: Map<string, string>, email: string, name: string, role: Role) {
  return { id: ids.get(email)!, email, name, role };
}

async function main() {
  const env = parseEnv();
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;
  const rows: string[][] = [];
  const ids = new Map<string, string>();
  let seeded = 0;
  let conversations = 0;
  let jobs = 0;
  let analytics = 0;
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
      }
      rows.push([demo.role, demo.name, demo.email, existing ? '(already there)' : PASSWORD]);
      ids.set(demo.email, id);
    }
    seeded = await seedAssessments(services, ids);
    conversations = await seedConversations(services, ids);
    jobs = await seedJobs(services, ids);
    analytics = await seedAnalytics(services, ids);
  } finally {
    await services.close();
  }
  console.log(`Demo accounts (sign in at ${env.APP_URL}/login):\n`);
  for (const [role, name, email, password] of rows) {
    console.log(`  ${role!.padEnd(10)} ${name!.padEnd(16)} ${email!.padEnd(32)} ${password}`);
  }
  console.log(
    seeded
      ? '\nAlso 3 templates (one inactive) and assessments assigned by Rita: Sam (scheduled), Casey (in progress), Priya (completed, scored 88).'
      : '\nTemplates already exist: assessments were left as they are.',
  );
  console.log(
    conversations
      ? 'Also 4 conversations: Casey and Rita, Rita and Priya (unread for Priya), Omar to Sam (unread), Alex to both recruiters.'
      : 'Conversations already exist: left as they are.',
  );
  console.log(
    jobs
      ? 'Also 7 jobs (published, a draft, one closed, one archived) with applications from Casey, Priya and Sam in every stage (new, screening, assessment, interview, offer, hired, rejected, withdrawn).'
      : 'Jobs already exist: left as they are.',
    'Find Candidates: every candidate has a searchable profile; Jonas Berg turned "Let recruiters find me" off.',
  );
  console.log(
    analytics
      ? `Analytics: ${analytics} more applications to Site Reliability Engineer (Rita) and Mobile Engineer (Omar), spread over the last ten weeks, with scored assessments; see /admin/analytics and /recruiter/analytics.`
      : 'Analytics jobs already exist (or no active template): left as they are.',
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
