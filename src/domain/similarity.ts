/**
 * Similarity check (issue 21 item 2, docs/decisions/026): token fingerprints chosen by
 * winnowing (Schleimer, Wilkerson, Aiken, "Winnowing: local algorithms for document
 * fingerprinting", SIGMOD 2003 — the method behind MOSS).
 *
 * 1. Tokens: comments and whitespace dropped; every identifier becomes `V`, every number
 *    `N`, every string `S`; keywords and punctuation stay. Renaming variables changes nothing.
 * 2. k-grams: a hash of every K consecutive tokens.
 * 3. Winnowing: in every window of W consecutive k-gram hashes the smallest (the rightmost
 *    on ties) is kept. Any shared run of at least W + K - 1 tokens shares a fingerprint;
 *    runs shorter than K are noise and never match. Moving whole functions around keeps
 *    their fingerprints, so reordered functions still match.
 * 4. The starter project's fingerprints are removed from every submission: what everyone
 *    was given is not copying.
 * The share of a submission matched by another is |A ∩ B| / |A| over distinct fingerprints.
 */

export const K = 5;
export const W = 4;

export interface SourceFile {
  path: string;
  content: string;
}

interface Token {
  text: string;
  line: number;
}

const KEYWORDS = new Set(
  (
    'abstract async await break case catch class const continue def default defer del do elif ' +
    'else enum except export extends false final finally for from func function go if ' +
    'implements import in instanceof interface is lambda let map new nil none not null or ' +
    'package pass private protected public raise range return select self static struct ' +
    'super switch this throw throws true try type typeof undefined var void while with yield ' +
    'and chan fallthrough goto boolean int long double float char string byte'
  ).split(' '),
);

const TOKEN =
  /\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[A-Za-z_$][\w$]*|\d[\w.]*|\n|\s+|[^\s\w]/g;

/** The normalised tokens of one file, each with the line (1-based) it starts on. */
export function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  for (const match of content.matchAll(TOKEN)) {
    const text = match[0];
    const first = text[0]!;
    const startLine = line;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
    if (/\s/.test(first)) continue;
    if (text.startsWith('//') || text.startsWith('/*')) continue;
    // '#' starts a comment in Python and shell; elsewhere (a CSS colour, a private field) it
    // is rare enough that dropping the rest of the line loses little.
    if (first === '#') continue;
    let norm: string;
    if (first === '"' || first === "'" || first === '`') norm = 'S';
    else if (/\d/.test(first)) norm = 'N';
    else if (/[A-Za-z_$]/.test(first)) norm = KEYWORDS.has(text) ? text : 'V';
    else norm = text;
    tokens.push({ text: norm, line: startLine });
  }
  return tokens;
}

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Fingerprint {
  hash: number;
  file: number;
  /** Lines (1-based, inclusive) the fingerprint's k-gram covers. */
  startLine: number;
  endLine: number;
}

/** The winnowed fingerprints of one file (positions kept for highlighting). */
function fileFingerprints(content: string, file: number): Fingerprint[] {
  const tokens = tokenize(content);
  if (tokens.length < K) return [];
  const ids = tokens.map((t) => hashString(t.text));
  const grams: number[] = [];
  for (let i = 0; i + K <= ids.length; i++) {
    let h = 0;
    for (let j = 0; j < K; j++) h = (Math.imul(h, 31) + ids[i + j]!) >>> 0;
    grams.push(hashString(String(h)));
  }
  const picked: Fingerprint[] = [];
  let last = -1;
  const windows = Math.max(1, grams.length - W + 1);
  for (let start = 0; start < windows; start++) {
    let min = start;
    const end = Math.min(start + W, grams.length);
    for (let i = start; i < end; i++) if (grams[i]! <= grams[min]!) min = i;
    if (min !== last) {
      picked.push({
        hash: grams[min]!,
        file,
        startLine: tokens[min]!.line,
        endLine: tokens[min + K - 1]!.line,
      });
      last = min;
    }
  }
  return picked;
}

/** Every fingerprint of a project, file by file (index into `files`). */
export function fingerprints(files: SourceFile[]): Fingerprint[] {
  return files.flatMap((f, i) => fileFingerprints(f.content, i));
}

/** A submission's distinct fingerprints, the starter project's removed, sorted. */
export function submissionHashes(files: SourceFile[], starter: SourceFile[]): number[] {
  const given = new Set(fingerprints(starter).map((f) => f.hash));
  const own = new Set<number>();
  for (const f of fingerprints(files)) if (!given.has(f.hash)) own.add(f.hash);
  return [...own].sort((a, b) => a - b);
}

/** How many of `a`'s hashes `b` has (both sorted ascending, distinct). */
export function sharedCount(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return shared;
}

/** Whole per cent of `total` that `shared` is (0 for an empty submission). */
export const percentOf = (shared: number, total: number) =>
  total === 0 ? 0 : Math.round((shared / total) * 100);

export interface MatchRegion {
  path: string;
  startLine: number;
  endLine: number;
}

/** Line ranges of each side that share fingerprints with the other (merged, per file). */
export function matchRegions(
  a: SourceFile[],
  b: SourceFile[],
  starter: SourceFile[],
): { a: MatchRegion[]; b: MatchRegion[] } {
  const given = new Set(fingerprints(starter).map((f) => f.hash));
  const fa = fingerprints(a).filter((f) => !given.has(f.hash));
  const fb = fingerprints(b).filter((f) => !given.has(f.hash));
  const inA = new Set(fa.map((f) => f.hash));
  const inB = new Set(fb.map((f) => f.hash));
  return {
    a: merge(
      fa.filter((f) => inB.has(f.hash)),
      a,
    ),
    b: merge(
      fb.filter((f) => inA.has(f.hash)),
      b,
    ),
  };
}

/**
 * Adjacent matched fingerprints merged into line ranges. A lone fingerprint (one short run
 * of common syntax) is not shown: a region needs at least two, so the highlighting shows
 * copied passages rather than noise every program shares.
 */
function merge(prints: Fingerprint[], files: SourceFile[]): MatchRegion[] {
  const byFile = new Map<number, Fingerprint[]>();
  for (const p of prints) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  const regions: MatchRegion[] = [];
  for (const [file, list] of [...byFile].sort((x, y) => x[0] - y[0])) {
    list.sort((x, y) => x.startLine - y.startLine);
    let current: (MatchRegion & { count: number }) | null = null;
    const close = () => {
      if (current && current.count >= 2) {
        const { count: _count, ...region } = current;
        regions.push(region);
      }
    };
    for (const p of list) {
      if (current && p.startLine <= current.endLine) {
        current.endLine = Math.max(current.endLine, p.endLine);
        current.count++;
      } else {
        close();
        current = { path: files[file]!.path, startLine: p.startLine, endLine: p.endLine, count: 1 };
      }
    }
    close();
  }
  return regions;
}
