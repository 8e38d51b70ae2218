import Papa from 'papaparse';
import { z } from 'zod';
import { type Coded, coded } from './error-codes';
import { codedText } from './error-texts';
import { isCalendarDate } from './inputs';

/**
 * Bulk invitations (issue 21 item 4, docs/decisions/026): Assign Assessment takes a CSV of
 * `name,email[,due date]`. The file is parsed here (papaparse) into rows the server then
 * assigns or invites one by one; a file that cannot be read is refused whole, naming the row.
 */

export const MAX_BULK_ROWS = 500;
/** Far more than 500 rows of names and addresses; a bigger upload is refused unread. */
export const MAX_BULK_BYTES = 1024 * 1024;

export const BULK_OUTCOMES = ['assigned', 'invited', 'skipped'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/** How long an invitation link works after it was mailed (docs/decisions/026). */
export const INVITATION_VALID_DAYS = 14;

/** When a link mailed at `sentAt` stops working. */
export const invitationExpiry = (sentAt: Date) =>
  new Date(sentAt.getTime() + INVITATION_VALID_DAYS * 86_400_000);

export const BULK_SKIP_REASONS = {
  duplicate: 'Duplicate row (the same e-mail appears earlier in the file)',
  malformedEmail: 'Malformed e-mail address',
  missingName: 'The name is missing',
  staffAddress: "A recruiter's or admin's address: only candidates are assessed",
  alreadyAssigned: 'Already assigned this assessment',
  alreadyInvited: 'Already invited to this assessment',
  badDueDate: 'The due date must be a date (YYYY-MM-DD) from today on',
  unavailable: 'This account cannot be assigned assessments',
} as const;

export const bulkRowResultSchema = z.object({
  /** The record's number in the file (the header, when there is one, is row 1). */
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  dueDate: z.string(),
  outcome: z.enum(BULK_OUTCOMES),
  reason: z.string().nullable(),
  assessmentId: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

export const bulkResultSchema = z.object({
  rows: z.array(bulkRowResultSchema),
  assigned: z.number().int(),
  invited: z.number().int(),
  skipped: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The upload's query: the same fields as a single assignment, without the candidate. */
export const bulkQuerySchema = z.object({
  templateId: z.string().min(1, 'Choose a template').max(100),
  dueDate: z
    .string()
    .min(1, 'Please set a due date')
    .refine(isCalendarDate, 'Please set a real due date (YYYY-MM-DD)'),
  message: z.string().trim().max(2000, 'The message is at most 2,000 characters').default(''),
});

export interface BulkRow {
  row: number;
  name: string;
  email: string;
  /** The row's own due date ('' when the file has none: the form's applies). */
  dueDate: string;
}

export class BulkFileError extends Error {
  /** Set when the message is made from parts: the API answers its code (decision 023). */
  readonly coded: Coded | null;

  constructor(
    message: string | Coded,
    readonly row: number | null,
  ) {
    super(typeof message === 'string' ? message : codedText(message));
    this.coded = typeof message === 'string' ? null : message;
  }
}

const EMAIL = z.email();
export const isEmail = (value: string) => value.length <= 254 && EMAIL.safeParse(value).success;

/** The record (1-based) holding the first byte that is not UTF-8. */
function firstBadRow(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8').decode(bytes);
  const at = text.indexOf('\uFFFD');
  return text.slice(0, Math.max(at, 0)).split(/\r\n|\n|\r/).length;
}

const HEADER_NAMES = {
  name: ['name', 'full name', 'fullname', 'candidate'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail'],
  dueDate: ['due date', 'due', 'duedate', 'due_date', 'due-date'],
} as const;

type Columns = { name: number; email: number; dueDate: number };

/** A first row naming its columns (any order, any case), or null when it is data. */
function headerColumns(cells: string[]): Columns | null {
  const lower = cells.map((c) => c.trim().toLowerCase());
  const find = (names: readonly string[]) => lower.findIndex((c) => names.includes(c));
  const email = find(HEADER_NAMES.email);
  if (email < 0) return null;
  return { name: find(HEADER_NAMES.name), email, dueDate: find(HEADER_NAMES.dueDate) };
}

/**
 * Reads the file: UTF-8 (a BOM is fine), commas, semicolons or tabs, quoted fields
 * (commas and line breaks inside quotes), an optional header row. Refuses (BulkFileError,
 * with the row) text that is not UTF-8, an unterminated quote, more than MAX_BULK_ROWS
 * records, or a file without rows. Rows themselves are not judged here.
 */
export function parseBulkCsv(bytes: Uint8Array): BulkRow[] {
  if (bytes.byteLength > MAX_BULK_BYTES) {
    throw new BulkFileError(
      `The file is larger than ${MAX_BULK_BYTES / 1024 / 1024} MB; upload at most ${MAX_BULK_ROWS} rows`,
      null,
    );
  }
  let text: string;
  try {
    // fatal: a Latin-1 or Windows-1252 file is refused, never read with replaced letters.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const row = firstBadRow(bytes);
    throw new BulkFileError(coded('bulk-row-not-utf8', { row }), row);
  }
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const row = (quoteError.row ?? 0) + 1;
    throw new BulkFileError(coded('bulk-quote-open', { row }), row);
  }
  const records = parsed.data;
  if (records.length === 0) throw new BulkFileError('The file has no rows', null);
  const header = headerColumns(records[0]!);
  const columns: Columns = header ?? { name: 0, email: 1, dueDate: 2 };
  const first = header ? 1 : 0;
  const count = records.length - first;
  if (count === 0) throw new BulkFileError('The file has a header row but no rows', null);
  if (count > MAX_BULK_ROWS) {
    const row = first + MAX_BULK_ROWS + 1;
    throw new BulkFileError(coded('bulk-too-many-rows', { count, max: MAX_BULK_ROWS, row }), row);
  }
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  return records.slice(first).map((cells, i) => ({
    row: first + i + 1,
    name: cell(cells, columns.name).replace(/\s+/g, ' ').slice(0, 200),
    email: cell(cells, columns.email).toLowerCase(),
    dueDate: cell(cells, columns.dueDate),
  }));
}

/** The per-row result as a CSV to download (papaparse quotes what needs quoting). */
export function bulkResultCsv(rows: BulkRowResult[]): string {
  return Papa.unparse(
    {
      fields: ['row', 'name', 'email', 'due date', 'result', 'reason'],
      data: rows.map((r) => [r.row, r.name, r.email, r.dueDate, r.outcome, r.reason ?? '']),
    },
    // A name like "=HYPERLINK(...)" stays text when the file is opened in a spreadsheet.
    { escapeFormulae: true },
  );
}
