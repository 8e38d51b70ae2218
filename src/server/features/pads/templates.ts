import { eq } from 'drizzle-orm';
import { recruiterMayUse, type SampleProject } from '../../../domain/assessments';
import { PAD_TEXTS, type PadLanguage } from '../../../domain/pads';
import { projectRunner } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { assessmentTemplate } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { toTemplate } from '../templates/templates.service';

/**
 * The project a pad starts from when its creator picks an assessment template: the template's
 * visible files as assignments copy them (the hidden tests stay out: the candidate is in the
 * pad), and the pad's language from how the project runs.
 */
export async function templateStart(
  db: Db,
  actor: Actor,
  templateId: string,
): Promise<{ language: PadLanguage; files: { path: string; content: string }[] }> {
  const [row] = await db
    .select()
    .from(assessmentTemplate)
    .where(eq(assessmentTemplate.id, templateId));
  if (!row) throw notFound(PAD_TEXTS.templateNotFound);
  if (!recruiterMayUse(toTemplate(row), actor.id)) throw forbidden(PAD_TEXTS.templateNotAllowed);
  const language = languageOf(row.project);
  if (!language) throw new AppError(400, PAD_TEXTS.templateNotRunnable);
  return { language, files: row.project.files.map((f) => ({ path: f.path, content: f.content })) };
}

function languageOf(project: SampleProject): PadLanguage | null {
  const runner = projectRunner(project);
  if (runner === 'python' || runner === 'go' || runner === 'java') return runner;
  if (runner !== 'node') return null;
  if (project.starter === 'javascript') return 'javascript';
  return project.files.some((f) => /\.tsx?$/.test(f.path)) ? 'typescript' : 'javascript';
}
