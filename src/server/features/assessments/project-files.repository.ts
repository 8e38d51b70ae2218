/**
 * The candidate's project files as stored: the queries of the file system, including the
 * autosave's hand-written upsert. The rules that decide what may change live in project-files.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProjectFile, SampleProject } from '../../../domain/assessments';
import { PROJECT_LIMITS } from '../../../domain/project-paths';
import { type Db, rawQuery, type Tx } from '../../db/client';
import { assessment, candidateFile, projectChange } from '../../db/schema';
import { timestampId } from '../../lib/ids';

type ProjectFiles = Pick<SampleProject, 'files' | 'hiddenFiles' | 'candidatesMayEditTests'>;

/** The template's files (with hidden tests) and every stored row of the candidate's work. */
export async function loadProjectState(db: Db | Tx, id: string) {
  const [project] = await db
    .select({
      files: sql<ProjectFile[]>`${assessment.project}->'files'`,
      hiddenFiles: sql<ProjectFile[] | null>`${assessment.project}->'hiddenFiles'`,
      candidatesMayEditTests: sql<
        boolean | null
      >`(${assessment.project}->>'candidatesMayEditTests')::boolean`,
    })
    .from(assessment)
    .where(eq(assessment.id, id));
  const rows = await db
    .select({
      fileName: candidateFile.fileName,
      content: candidateFile.content,
      editedAt: candidateFile.editedAt,
      origin: candidateFile.origin,
      deleted: candidateFile.deleted,
      renamedTo: candidateFile.renamedTo,
      updatedAt: candidateFile.updatedAt,
    })
    .from(candidateFile)
    .where(eq(candidateFile.assessmentId, id));
  const template: ProjectFiles = {
    files: project?.files ?? [],
    hiddenFiles: project?.hiddenFiles ?? [],
    candidatesMayEditTests: project?.candidatesMayEditTests ?? false,
  };
  return { template, rows };
}

export type ProjectState = Awaited<ReturnType<typeof loadProjectState>>;

/**
 * The autosave in one statement, on the raw connection (it runs every few seconds per
 * open workspace): the upsert happens only when the caller is the assessment's
 * candidate, it is neither submitted nor reviewed nor past its time, the file is one of
 * the template's (not deleted or renamed away, not a protected test), the stored edit is
 * not newer, and the limits hold. Checks and write are one statement, so a submit cannot
 * slip in between them. Anything else (a file the candidate created or renamed, a refusal)
 * takes the careful path below.
 */
const SAVE_FILE_SQL = `insert into candidate_file (assessment_id, file_name, candidate_id, content, edited_at, origin)
  select a.id, $2, $3, $4, $5, $2 from assessment a
   where a.id = $1 and a.candidate_id = $3 and a.status <> 'completed' and a.reviewed_at is null
     and (a.started_at is null
       or now() <= a.started_at + make_interval(hours => a.duration_hours, secs => $6::int))
     and exists (select 1 from jsonb_array_elements(a.project->'files') f where f->>'path' = $2)
     and $7::boolean
     and octet_length($4) <= ${PROJECT_LIMITS.fileBytes}
     and octet_length($4)
       + (select coalesce(sum(octet_length(c.content)), 0) from candidate_file c
           where c.assessment_id = a.id and not c.deleted and c.file_name <> $2)
       + (select coalesce(sum(octet_length(f->>'content')), 0) from jsonb_array_elements(a.project->'files') f
           where not exists (select 1 from candidate_file c where c.assessment_id = a.id and c.file_name = f->>'path'))
       <= ${PROJECT_LIMITS.projectBytes}
  on conflict (assessment_id, file_name) do update
    set content = excluded.content, edited_at = excluded.edited_at, updated_at = now()
    where candidate_file.edited_at <= excluded.edited_at and not candidate_file.deleted
  returning content, edited_at, updated_at`;

/** Runs the one-statement autosave; answers the stored row, or none when it did not apply. */
export async function saveTemplateFile(
  db: Db,
  params: {
    id: string;
    fileName: string;
    candidateId: string;
    content: string;
    editedAt: number;
    graceSeconds: number;
    mayBeProtected: boolean;
  },
) {
  const [stored] = await rawQuery(db)<{
    content: string;
    edited_at: number | string;
    updated_at: Date | string;
  }>(SAVE_FILE_SQL, [
    params.id,
    params.fileName,
    params.candidateId,
    params.content,
    params.editedAt,
    params.graceSeconds,
    !params.mayBeProtected,
  ]);
  return stored;
}

/** The assessment's row, locked for the rest of the transaction, with what says it is still open. */
export async function lockAssessment(tx: Tx, id: string) {
  const [locked] = await tx
    .select({
      status: assessment.status,
      reviewedAt: assessment.reviewedAt,
      startedAt: assessment.startedAt,
      durationHours: assessment.durationHours,
    })
    .from(assessment)
    .where(eq(assessment.id, id))
    .for('update');
  return locked;
}

/** Writes one file row of a create, rename or delete (a delete keeps a row, marked). */
export async function upsertFile(
  tx: Tx,
  key: { assessmentId: string; candidateId: string },
  values: {
    fileName: string;
    content: string;
    editedAt: number;
    origin: string | null;
    deleted: boolean;
    renamedTo: string | null;
  },
) {
  await tx
    .insert(candidateFile)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [candidateFile.assessmentId, candidateFile.fileName],
      set: { ...values, updatedAt: new Date() },
    });
}

/** Older names of a renamed file point at its newest name. */
export async function followRename(tx: Tx, assessmentId: string, from: string, to: string) {
  await tx
    .update(candidateFile)
    .set({ renamedTo: to })
    .where(and(eq(candidateFile.assessmentId, assessmentId), eq(candidateFile.renamedTo, from)));
}

/** Records a create, rename or delete for the playback timeline. */
export async function insertProjectChange(
  tx: Tx,
  change: Omit<typeof projectChange.$inferInsert, 'id'>,
) {
  await tx.insert(projectChange).values({ id: timestampId('chg'), ...change });
}

export async function selectProjectChanges(db: Db, assessmentId: string) {
  return db
    .select()
    .from(projectChange)
    .where(eq(projectChange.assessmentId, assessmentId))
    .orderBy(asc(projectChange.at), asc(projectChange.id));
}
