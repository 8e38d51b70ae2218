import { JOB_TEXTS, MAX_RESUME_BYTES } from './jobs';

/**
 * Résumé search (issue 22, item 3): the text of each PDF résumé is read in a worker thread with
 * its time and memory capped, and searched with the candidate's profile in Find Candidates.
 */

export const RESUME_TEXTS = {
  unreadable: 'The text could not be read',
  pending: 'The text is being read',
} as const;

export type ResumeTextStatus = 'read' | 'unreadable';

/** What one résumé may cost to read; past any of them it is "unreadable" and nothing is kept. */
export const RESUME_READ_LIMITS = {
  /** Wall time of one résumé, in the worker. */
  timeoutMs: 15_000,
  /** The worker's JavaScript heap. */
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  /** All compressed streams of the file together, inflated (a decompression bomb stops here). */
  maxInflatedBytes: 64 * 1024 * 1024,
  maxPages: 50,
  /** Text kept of one résumé. */
  maxChars: 100_000,
} as const;

/**
 * The markers ts_headline puts around a matched word. Control characters: the stored text never
 * holds them (they are stripped when it is read), so a résumé cannot forge a highlight.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_STOP = '\u0002';

/** Text without NUL and other C0 control characters (tabs and newlines become spaces). */
export const cleanResumeText = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/[ \u00a0]{2,}/g, ' ')
    .trim();

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** A ts_headline answer as plain parts; the page renders them as text, matches in <mark>. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = headline;
  while (rest.length > 0) {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const stop = rest.indexOf(HIGHLIGHT_STOP, start + 1);
    const end = stop < 0 ? rest.length : stop;
    const word = rest.slice(start + 1, end);
    if (word) parts.push({ text: word, match: true });
    rest = stop < 0 ? '' : rest.slice(stop + 1);
  }
  return (
    parts
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stray markers are removed
      .map((p) => ({ ...p, text: p.text.replace(/[\u0001\u0002]/g, '') }))
      .filter((p) => p.text !== '')
  );
}

/** Why a résumé upload is refused: over the size cap, or not a PDF. */
export type ResumeRefusal = 'too-large' | 'not-pdf';

/** The message each refusal shows (the server's answer and the form's field error). */
export const RESUME_REFUSAL_TEXTS: Record<ResumeRefusal, string> = {
  'too-large': JOB_TEXTS.resumeTooLarge,
  'not-pdf': JOB_TEXTS.resumePdf,
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** A PDF by its first bytes, whatever its name says. */
export const isPdf = (bytes: Uint8Array) => PDF_MAGIC.every((b, i) => bytes[i] === b);

/**
 * The one résumé rule: at most MAX_RESUME_BYTES, and a PDF. The server passes the file's first
 * bytes (`head`) and the PDF's magic decides; the browser checks before uploading, from the
 * name and type only (the server's check is the one that counts). The size is checked first.
 */
export function resumeRefusal(file: {
  size: number;
  name: string;
  type?: string;
  head?: Uint8Array;
}): ResumeRefusal | null {
  if (file.size > MAX_RESUME_BYTES) return 'too-large';
  const pdf = file.head
    ? isPdf(file.head)
    : /\.pdf$/i.test(file.name) || file.type === 'application/pdf';
  return pdf ? null : 'not-pdf';
}
