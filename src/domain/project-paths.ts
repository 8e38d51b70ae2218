import { z } from 'zod';

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
  protectedPath: (path: string) =>
    `"${path}" is part of the assessment's tests and cannot be changed`,
  tooManyFiles: `A project has at most ${PROJECT_LIMITS.files} files`,
  fileTooLarge: 'A file is at most 256 KB',
  projectTooLarge: 'A project is at most 5 MB in all',
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
