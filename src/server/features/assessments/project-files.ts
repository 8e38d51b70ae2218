/**
 * The candidate's project files: what the candidate and reviewers see, and the rules of every
 * save, create, rename and delete (src/domain/project-paths.ts) checked under the assessment's
 * lock. The queries are in project-files.repository.ts.
 */
import {
  ASSESSMENT_TEXTS,
  type CandidateFile,
  type FileSave,
  SUBMIT_GRACE_MS,
} from '../../../domain/assessments';
import {
  changeOf,
  deletedTemplatePaths,
  isProtectedPath,
  liveFiles,
  newPathProblem,
  PATH_TEXTS,
  type ProjectChange,
  type ProjectChangeEntry,
  pathProblem,
  pathsUnder,
  projectLimitProblem,
  protectedPathsOf,
  resolveRenamed,
} from '../../../domain/project-paths';
import { hasTestFiles } from '../../../domain/test-runs';
import type { Db, Tx } from '../../db/client';
import { candidateFile } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { loadForCandidateWork } from './candidate-work';
import {
  followRename,
  insertProjectChange,
  loadProjectState,
  lockAssessment,
  type ProjectState,
  saveTemplateFile,
  selectProjectChanges,
  upsertFile,
} from './project-files.repository';
import { type AssessmentDeps, isOverdue, iso, loadRow } from './read-model';

/**
 * The project's files now: the template's files as the candidate changed them, each marked
 * (added, renamed from ...), then the template files the candidate deleted (marked deleted,
 * empty), for reviewers.
 */
export async function listFiles(
  { db }: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<CandidateFile[]> {
  await loadRow(db, actor, id);
  const { template, rows } = await loadProjectState(db, id);
  const updated = new Map(rows.map((r) => [r.fileName, r.updatedAt]));
  const rules = protectedPathsOf(template);
  const live = liveFiles(template.files, rows).map((file) => ({
    fileName: file.path,
    content: file.content,
    editedAt: file.editedAt,
    updatedAt: iso(updated.get(file.path) ?? null),
    ...changeOf(file),
    protected: isProtectedPath(file.path, rules),
  }));
  const deleted = deletedTemplatePaths(template.files, rows).map((path) => ({
    fileName: path,
    content: '',
    editedAt: rows.find((r) => r.fileName === path)?.editedAt ?? null,
    updatedAt: iso(updated.get(path) ?? null),
    change: 'deleted' as const,
    renamedFrom: null,
    protected: false,
  }));
  return [...live, ...deleted];
}

/** Every path with a recording or a file: the template's and any the candidate used. */
export async function knownPaths(db: Db, id: string): Promise<Set<string>> {
  const { template, rows } = await loadProjectState(db, id);
  return new Set([...template.files.map((f) => f.path), ...rows.map((r) => r.fileName)]);
}

export async function saveFile(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  fileName: string,
  input: FileSave,
): Promise<CandidateFile> {
  // A test file can be protected: decided from the path alone, so the fast path stays one statement.
  const maybeTest = hasTestFiles([fileName]);
  const stored = await saveTemplateFile(deps.db, {
    id,
    fileName,
    candidateId: actor.id,
    content: input.content,
    editedAt: input.editedAt,
    graceSeconds: SUBMIT_GRACE_MS / 1000,
    mayBeProtected: maybeTest,
  });
  if (stored) {
    return {
      fileName,
      content: stored.content,
      editedAt: Number(stored.edited_at),
      updatedAt: iso(new Date(stored.updated_at)),
    };
  }
  // Not saved in one statement: the checks below say why or save it (a created or renamed file).
  await loadForCandidateWork(deps, actor, id);
  return changeProjectLocked(deps, id, async (tx, state) => {
    const { template, rows } = state;
    const rules = protectedPathsOf(template);
    // A save sent before a rename lands under the file's new name.
    const target = resolveRenamed(rows, fileName);
    const row = rows.find((r) => r.fileName === target);
    const inTemplate = template.files.some((f) => f.path === target);
    if (!row && !inTemplate) throw notFound(PATH_TEXTS.notFound(fileName));
    if (isProtectedPath(target, rules)) throw forbidden(PATH_TEXTS.protectedPath(target));
    const { content, editedAt } = input;
    if (row && row.editedAt > editedAt) {
      // The server holds a newer edit (or deleted the file after this edit was made).
      throw new StaleFileError(fileOf(row));
    }
    if (row?.deleted) {
      // An edit made after the delete (another tab): the file comes back with it.
      const live = liveFiles(template.files, rows).map((f) => f.path);
      const problem = newPathProblem(live, target, rules);
      if (problem) throw new AppError(409, problem, [{ path: ['path'], message: problem }]);
    }
    const next = withContent(state, target, content);
    refuseOverLimits(next);
    const [saved] = await tx
      .insert(candidateFile)
      .values({
        assessmentId: id,
        fileName: target,
        candidateId: actor.id,
        content,
        editedAt,
        origin: row ? (row.deleted ? (inTemplate ? target : null) : row.origin) : target,
      })
      .onConflictDoUpdate({
        target: [candidateFile.assessmentId, candidateFile.fileName],
        set: {
          content,
          editedAt,
          updatedAt: new Date(),
          deleted: false,
          renamedTo: null,
          ...(row?.deleted ? { origin: inTemplate ? target : null } : {}),
        },
      })
      .returning();
    return {
      fileName: target,
      content: saved!.content,
      editedAt: saved!.editedAt,
      updatedAt: iso(saved!.updatedAt),
    };
  });
}

const fileOf = (row: ProjectState['rows'][number]): CandidateFile => ({
  fileName: row.fileName,
  content: row.deleted ? '' : row.content,
  editedAt: row.editedAt,
  updatedAt: iso(row.updatedAt),
  ...(row.deleted ? { change: 'deleted' as const } : {}),
});

/** The live files if `path` held `content` (a save or a create). */
function withContent(state: ProjectState, path: string, content: string) {
  const live = liveFiles(state.template.files, state.rows).filter((f) => f.path !== path);
  return [...live, { path, content }];
}

function refuseOverLimits(files: readonly { content: string }[]) {
  const problem = projectLimitProblem(files);
  if (problem) throw new AppError(413, problem, [{ path: ['content'], message: problem }]);
}

/**
 * Runs a change of the project's files in one transaction holding the assessment's row, so
 * two tabs (or a save and a rename) never interleave: the second sees the first's result.
 * The checks that the candidate may still work on it run again under the lock.
 */
async function changeProjectLocked<T>(
  deps: AssessmentDeps,
  id: string,
  change: (tx: Tx, state: ProjectState) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockAssessment(tx, id);
    if (!locked) throw notFound(ASSESSMENT_TEXTS.assessmentNotFound);
    if (locked.status === 'completed' || locked.reviewedAt || isOverdue(locked)) {
      throw forbidden(PATH_TEXTS.readOnly);
    }
    return change(tx, await loadProjectState(tx, id));
  });
}

/** 409: the server holds a newer edit; the client gets it back to reconcile. */
export class StaleFileError extends AppError {
  constructor(readonly file: CandidateFile) {
    super(409, 'A newer version of this file is already saved', undefined, { file });
  }
}

const refuse = (status: 400 | 403 | 404 | 409, message: string, field = 'path') =>
  new AppError(status, message, [{ path: [field], message }]);

/**
 * Creates, renames (a file or a folder) or deletes (a file or a folder) in the candidate's
 * project: every rule of src/domain/project-paths.ts checked under the assessment's lock,
 * the change written and recorded for the playback timeline in one transaction. Answers the
 * project's files after the change.
 */
export async function changeFiles(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
  input: ProjectChange,
): Promise<CandidateFile[]> {
  await loadForCandidateWork(deps, actor, id);
  const touched: string[] = [];
  await changeProjectLocked(deps, id, async (tx, state) => {
    const { template, rows } = state;
    const rules = protectedPathsOf(template);
    const live = liveFiles(template.files, rows);
    const livePaths = live.map((f) => f.path);
    const byPath = new Map(rows.map((r) => [r.fileName, r]));
    const upsert = (values: Parameters<typeof upsertFile>[2]) =>
      upsertFile(tx, { assessmentId: id, candidateId: actor.id }, values);
    const inTemplate = (path: string) => template.files.some((f) => f.path === path);

    if (input.op === 'create') {
      const problem = newPathProblem(livePaths, input.path, rules);
      if (problem) {
        const status = isProtectedPath(input.path, rules)
          ? 403
          : pathProblem(input.path)
            ? 400
            : 409;
        throw refuse(status, problem);
      }
      const next = withContent(state, input.path, input.content);
      const limit = projectLimitProblem(next);
      if (limit) throw new AppError(413, limit, [{ path: ['path'], message: limit }]);
      touched.push(input.path);
      await upsert({
        fileName: input.path,
        content: input.content,
        editedAt: input.editedAt,
        origin: inTemplate(input.path) ? input.path : null,
        deleted: false,
        renamedTo: null,
      });
    } else {
      const moved = pathsUnder(livePaths, input.path);
      if (moved.length === 0) throw refuse(404, PATH_TEXTS.notFound(input.path));
      const locked = moved.find((p) => isProtectedPath(p, rules));
      if (locked) throw refuse(403, PATH_TEXTS.protectedPath(locked));
      if (input.op === 'rename') {
        if (input.to === input.path) return;
        const others = livePaths.filter((p) => !moved.includes(p));
        const renames = moved.map((from) => ({
          from,
          to: input.to + from.slice(input.path.length),
        }));
        for (const { to } of renames) {
          const problem = newPathProblem(others, to, rules);
          if (problem) {
            const status = isProtectedPath(to, rules) ? 403 : pathProblem(to) ? 400 : 409;
            throw refuse(status, problem, 'to');
          }
        }
        for (const { from, to } of renames) {
          const file = live.find((f) => f.path === from)!;
          const row = byPath.get(from);
          touched.push(to);
          // The edit time moves with the text, so an edit made before the rename still lands.
          await upsert({
            fileName: to,
            content: file.content,
            editedAt: row?.editedAt ?? 0,
            origin: file.origin,
            deleted: false,
            renamedTo: null,
          });
          // A case-only rename (a.ts to A.ts) leaves no old row to mark.
          if (to !== from) {
            await upsert({
              fileName: from,
              content: '',
              editedAt: Math.max(input.editedAt, row?.editedAt ?? 0),
              origin: file.origin,
              deleted: true,
              renamedTo: to,
            });
            // Older names of this file follow it too.
            await followRename(tx, id, from, to);
          }
        }
      } else {
        for (const path of moved) {
          const row = byPath.get(path);
          const file = live.find((f) => f.path === path)!;
          await upsert({
            fileName: path,
            content: '',
            editedAt: Math.max(input.editedAt, row?.editedAt ?? 0),
            origin: file.origin,
            deleted: true,
            renamedTo: null,
          });
        }
      }
    }
    await insertProjectChange(tx, {
      assessmentId: id,
      op: input.op,
      path: input.path,
      toPath: input.op === 'rename' ? input.to : null,
      at: input.editedAt,
    });
  });
  // The files the change made (a created file, a rename's new paths); a delete makes none.
  const after = await listFiles(deps, actor, id);
  return after.filter((f) => touched.includes(f.fileName));
}

/** The candidate's creates, renames and deletes, oldest first (reviewers' playback timeline). */
export async function listProjectChanges(
  deps: AssessmentDeps,
  actor: Actor,
  id: string,
): Promise<ProjectChangeEntry[]> {
  assertRole(actor, 'recruiter', 'admin');
  await loadRow(deps.db, actor, id);
  const changes = await selectProjectChanges(deps.db, id);
  return changes.map((c) => ({ op: c.op, path: c.path, to: c.toPath, at: c.at }));
}
