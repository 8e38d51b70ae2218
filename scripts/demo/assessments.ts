import { toIsoDate } from '../../src/domain/assessments';
import { DEFAULT_PROJECT } from '../../src/domain/sample-project';
import { assessmentTemplate } from '../../src/server/db/schema';
import {
  assignAssessment,
  setTaskCompleted,
  startAssessment,
} from '../../src/server/features/assessments/assessments.service';
import { createTemplate } from '../../src/server/features/templates/templates.service';
import { actorFor, type DemoIds, type Services, writeDeps } from './shared';
import { seedShowcase } from './showcase';
import { HIDDEN_TESTS } from './submissions';
/** Templates, then assessments in every state, assigned by Rita. Skipped when any exist. */
export async function seedAssessments(services: Services, ids: DemoIds) {
  const { db } = services.database;
  if ((await db.select({ id: assessmentTemplate.id }).from(assessmentTemplate).limit(1)).length > 0)
    return null;
  const admin = actorFor(ids, 'admin@demo.talentforge.test', 'Alex Admin', 'admin');
  const rita = actorFor(ids, 'rita@demo.talentforge.test', 'Rita Recruiter', 'recruiter');
  const deps = { db, bus: services.bus, mailer: services.mailer };
  const fullStack = await createTemplate(deps, admin, {
    title: 'Password policy for the auth service',
    roleName: 'Full Stack Developer',
    department: 'Engineering',
    description: 'Add a password policy to registration in a small Express + TypeScript service.',
    // The default project (the ticket asks for tests), with hidden tests that run on
    // submission and for reviewers.
    project: { ...DEFAULT_PROJECT, candidatesMayEditTests: true, hiddenFiles: [HIDDEN_TESTS] },
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
  const aDeps = writeDeps(services);
  const assign = (email: string, due: number) =>
    assignAssessment(aDeps, rita, {
      templateId: fullStack.id,
      candidateId: ids.get(email) ?? '',
      dueDate: toIsoDate(new Date(Date.now() + due * 86_400_000)),
      message: 'Looking forward to seeing how you approach this.',
    });
  const casey = actorFor(ids, 'casey@demo.talentforge.test', 'Casey Chen', 'candidate');
  // Scheduled: Sam has not opened it yet.
  await assign('sam@demo.talentforge.test', 7);
  // In progress: Casey ticked one task.
  const inProgress = await assign('casey@demo.talentforge.test', 5);
  await startAssessment(aDeps, casey, inProgress.id);
  await setTaskCompleted(aDeps, casey, inProgress.id, inProgress.tasks[0]!.id, { completed: true });
  // Submitted in five languages, one scored: real edits, answers, runs (seedShowcase).
  const showcase = await seedShowcase(services, ids, fullStack.id);
  return { assessments: 2 + showcase.submitted, runsUnavailable: showcase.runsUnavailable };
}
