import { z } from 'zod';
import { hasTestFiles } from './test-runs';

/**
 * A path of a file in a candidate's project (issue 24, item 2): the one schema both the
 * workspace's file tree (as the candidate types) and the server use. Pure code.
 */

export const MAX_PATH_CHARS = 200;
export const PROJECT_LIMITS = {
  files: 200,
  fileBytes: 256 * 1024,
  projectBytes: 5 * 1024 * 1024,
} as const;

export const PATH_TEXTS = {
  empty: 'Enter a file name',
  tooLong: `A path is at most ${MAX_PATH_CHARS} characters`,
  absolute: 'Use a path relative to the project (no leading "/", "\\" or drive letter)',
  backslash: 'Separate folders with "/", not "\\"',
  emptySegment: 'A path has no empty parts ("//", or "/" at its start or end)',
  dotSegment: 'A path has no "." or ".." parts',
  control: 'A path has no control characters (including NUL)',
  bidi: 'A path has no characters that reverse the text direction',
  caseClash: (other: string) => `"${other}" already exists (paths differ only by case)`,
  exists: (path: string) => `"${path}" already exists`,
  folderExists: (path: string) => `A folder named "${path}" already exists`,
  fileInTheWay: (file: string) => `"${file}" is a file, not a folder`,
  notFound: (path: string) => `"${path}" is not in the project`,
  deleted: (path: string) => `"${path}" was deleted`,
  protectedPath: (path: string) =>
    `"${path}" is part of the assessment's tests and cannot be changed`,
  tooManyFiles: `A project has at most ${PROJECT_LIMITS.files} files`,
  fileTooLarge: 'A file is at most 256 KB',
  projectTooLarge: 'A project is at most 5 MB in all',
  readOnly: 'After the time is up or the assessment is submitted, files no longer change',
} as const;

// C0 and C1 controls (NUL among them) and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Marks and overrides that change how the text around them displays ("cv‮exe.pdf"). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The first rule a path breaks, or null when it is a valid project path. */
export function pathProblem(path: string): string | null {
  if (path.length === 0) return PATH_TEXTS.empty;
  if (path.length > MAX_PATH_CHARS) return PATH_TEXTS.tooLong;
  if (CONTROL.test(path)) return PATH_TEXTS.control;
  if (BIDI.test(path)) return PATH_TEXTS.bidi;
  if (/^([/\\~]|[A-Za-z]:)/.test(path)) return PATH_TEXTS.absolute;
  if (path.includes('\\')) return PATH_TEXTS.backslash;
  const segments = path.split('/');
  if (segments.some((s) => s.trim() === '')) return PATH_TEXTS.emptySegment;
  if (segments.some((s) => /^\.+$/.test(s))) return PATH_TEXTS.dotSegment;
  return null;
}

export const projectPathSchema = z.string().superRefine((path, ctx) => {
  const problem = pathProblem(path);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * The path as compared for clashes: Unicode case folding (upper then lower case, so "ß"
 * meets "SS") of the NFC form (so "é" typed two ways is one name).
 */
export const foldPath = (path: string) => path.normalize('NFC').toUpperCase().toLowerCase();

/** An existing path that this one would clash with (same but for case or form), if any. */
export function clashingPath(
  existing: Iterable<string>,
  path: string,
  /** A rename: the path being renamed does not clash with its new name. */
  ignore?: string,
): string | null {
  const folded = foldPath(path);
  for (const other of existing) {
    if (other === ignore) continue;
    if (foldPath(other) === folded) return other;
  }
  return null;
}

export type ProtectedPaths = {
  /** The template's hidden tests: never seen, never written by the candidate. */
  hidden: readonly string[];
  /** The template's visible tests. */
  visibleTests: readonly string[];
  /** The template's switch (off by default): candidates may change the visible tests. */
  candidatesMayEditTests: boolean;
};

/** Whether the candidate may not create, rename, delete or overwrite this path. */
export function isProtectedPath(path: string, rules: ProtectedPaths): boolean {
  const folded = foldPath(path);
  const protectedList = rules.candidatesMayEditTests
    ? rules.hidden
    : [...rules.hidden, ...rules.visibleTests];
  return protectedList.some((p) => {
    const f = foldPath(p);
    // The file itself, or a folder that holds protected files.
    return f === folded || f.startsWith(`${folded}/`) || folded.startsWith(`${f}/`);
  });
}

const encoder = new TextEncoder();
export const bytesOf = (content: string) => encoder.encode(content).length;

/** The limit a project would break with these files, named, or null. */
export function projectLimitProblem(files: readonly { content: string }[]): string | null {
  if (files.length > PROJECT_LIMITS.files) return PATH_TEXTS.tooManyFiles;
  let total = 0;
  for (const file of files) {
    const bytes = bytesOf(file.content);
    if (bytes > PROJECT_LIMITS.fileBytes) return PATH_TEXTS.fileTooLarge;
    total += bytes;
  }
  return total > PROJECT_LIMITS.projectBytes ? PATH_TEXTS.projectTooLarge : null;
}

// --- the candidate's project: template files plus the candidate's changes -------------------

/** A file the candidate created, renamed or deleted is marked so in Results. */
export const FILE_CHANGES = ['added', 'renamed', 'deleted'] as const;
export type FileChange = (typeof FILE_CHANGES)[number];

/** One stored row of the candidate's work on a path (table candidate_file). */
export type StoredPath = {
  fileName: string;
  content: string;
  editedAt: number;
  /** The template path this file started as (null: the candidate created it). */
  origin: string | null;
  /** A deleted path (kept so a late, older save cannot bring it back). */
  deleted: boolean;
  /** A path renamed away: saves still on their way land under this name. */
  renamedTo: string | null;
};

export type LiveFile = {
  path: string;
  content: string;
  /** Null: the template's text, never edited. */
  editedAt: number | null;
  origin: string | null;
};

/**
 * The files the candidate's project holds now: template files as changed by the rows, in the
 * template's order (an edited or renamed file keeps its place, so the tree does not reorder
 * after a reload), then the files the candidate created, by path (rows come in no order).
 */
export function liveFiles(
  template: readonly { path: string; content: string }[],
  rows: readonly StoredPath[],
): LiveFile[] {
  const byName = new Map(rows.map((r) => [r.fileName, r]));
  const live = rows.filter((r) => !r.deleted);
  const files: LiveFile[] = [];
  const placed = new Set<string>();
  const place = (row: StoredPath) => {
    if (placed.has(row.fileName)) return;
    placed.add(row.fileName);
    files.push({
      path: row.fileName,
      content: row.content,
      editedAt: row.editedAt,
      origin: row.origin,
    });
  };
  for (const file of template) {
    const row = byName.get(file.path);
    if (!row) {
      files.push({ path: file.path, content: file.content, editedAt: null, origin: file.path });
      placed.add(file.path);
    } else if (!row.deleted) place(row);
    // Renamed or moved away: the file under its new name takes the old one's place.
    for (const moved of live) if (moved.origin === file.path) place(moved);
  }
  const rest = live.filter((r) => !placed.has(r.fileName));
  rest.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  for (const row of rest) place(row);
  return files;
}

/** How a live file differs from the template, for reviewers. */
export function changeOf(file: Pick<LiveFile, 'path' | 'origin'>): {
  change: FileChange | null;
  renamedFrom: string | null;
} {
  if (file.origin === null) return { change: 'added', renamedFrom: null };
  if (file.origin !== file.path) return { change: 'renamed', renamedFrom: file.origin };
  return { change: null, renamedFrom: null };
}

/** Template paths the candidate deleted (not renamed: a live file still comes from them). */
export function deletedTemplatePaths(
  template: readonly { path: string; content: string }[],
  rows: readonly StoredPath[],
): string[] {
  const live = liveFiles(template, rows);
  const origins = new Set(live.map((f) => f.origin));
  const names = new Set(live.map((f) => f.path));
  return template.map((f) => f.path).filter((p) => !names.has(p) && !origins.has(p));
}

/** Where a save to this path lands: through renames to the file's current name. */
export function resolveRenamed(rows: readonly StoredPath[], path: string): string {
  const byName = new Map(rows.map((r) => [r.fileName, r]));
  let at = path;
  for (let hops = 0; hops < 1000; hops += 1) {
    const row = byName.get(at);
    if (!row?.deleted || row.renamedTo === null) return at;
    at = row.renamedTo;
  }
  return at;
}

/** The first problem of a new path among the existing ones (rules, clashes, folders). */
export function newPathProblem(
  existing: readonly string[],
  path: string,
  rules: ProtectedPaths,
  ignore?: string,
): string | null {
  const problem = pathProblem(path);
  if (problem) return problem;
  if (isProtectedPath(path, rules)) return PATH_TEXTS.protectedPath(path);
  const others = existing.filter((p) => p !== ignore);
  if (others.includes(path)) return PATH_TEXTS.exists(path);
  const clash = clashingPath(others, path);
  if (clash) return PATH_TEXTS.caseClash(clash);
  const folded = foldPath(path);
  for (const other of others) {
    const f = foldPath(other);
    if (f.startsWith(`${folded}/`)) return PATH_TEXTS.folderExists(path);
    if (folded.startsWith(`${f}/`)) return PATH_TEXTS.fileInTheWay(other);
  }
  return null;
}

/** The paths under a folder (or the file itself), in the project's order. */
export function pathsUnder(existing: readonly string[], path: string): string[] {
  return existing.filter((p) => p === path || p.startsWith(`${path}/`));
}

/**
 * The first problem of renaming or moving `from` (a file, or a folder: every file under it
 * moves) to `to`, as the server checks it: each moved file must be allowed to move (not a
 * protected test) and its new path must be one a new file could take among the others.
 */
export function renameProblem(
  existing: readonly string[],
  from: string,
  to: string,
  rules: ProtectedPaths,
): string | null {
  const moved = pathsUnder(existing, from);
  if (moved.length === 0) return PATH_TEXTS.notFound(from);
  const locked = moved.find((p) => isProtectedPath(p, rules));
  if (locked) return PATH_TEXTS.protectedPath(locked);
  if (to === from) return null;
  const others = existing.filter((p) => !moved.includes(p));
  for (const path of moved) {
    const problem = newPathProblem(others, to + path.slice(from.length), rules);
    if (problem) return problem;
  }
  return null;
}

/** Creates, renames and deletes as the API and the local outbox carry them. */
export const projectChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('create'),
    path: projectPathSchema,
    content: z.string().max(PROJECT_LIMITS.fileBytes, PATH_TEXTS.fileTooLarge).default(''),
    editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
  z.object({
    op: z.literal('rename'),
    /** A file, or a folder: every file under it moves. */
    path: z.string().min(1).max(MAX_PATH_CHARS),
    to: projectPathSchema,
    editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
  z.object({
    op: z.literal('delete'),
    /** A file, or a folder: every file under it goes. */
    path: z.string().min(1).max(MAX_PATH_CHARS),
    editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
]);
export type ProjectChange = z.infer<typeof projectChangeSchema>;

/** The protected paths of a project: its hidden tests, and its visible tests unless allowed. */
export function protectedPathsOf(project: {
  files: readonly { path: string }[];
  hiddenFiles?: readonly { path: string }[];
  candidatesMayEditTests?: boolean;
}): ProtectedPaths {
  return {
    hidden: (project.hiddenFiles ?? []).map((f) => f.path),
    visibleTests: project.files.map((f) => f.path).filter((p) => hasTestFiles([p])),
    candidatesMayEditTests: project.candidatesMayEditTests ?? false,
  };
}

/** One recorded change of the project, for the reviewers' playback timeline. */
export const projectChangeEntrySchema = z.object({
  op: z.enum(['create', 'rename', 'delete']),
  path: z.string(),
  to: z.string().nullable(),
  /** The browser's time of the change (epoch ms). */
  at: z.number(),
});
export type ProjectChangeEntry = z.infer<typeof projectChangeEntrySchema>;
