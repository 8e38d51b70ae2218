import { describe, expect, it } from 'vitest';
import { BulkFileError, bulkResultCsv, MAX_BULK_ROWS, parseBulkCsv } from './bulk-invitations';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (input: Uint8Array) => {
  try {
    parseBulkCsv(input);
  } catch (error) {
    if (error instanceof BulkFileError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('parseBulkCsv', () => {
  it('reads name,email[,due date] with or without a header, trimming and lower-casing the address', () => {
    expect(
      parseBulkCsv(bytes('Ann Lee, Ann@Example.com \nBo Chen,bo@example.com,2030-01-02\n')),
    ).toEqual([
      { row: 1, name: 'Ann Lee', email: 'ann@example.com', dueDate: '' },
      { row: 2, name: 'Bo Chen', email: 'bo@example.com', dueDate: '2030-01-02' },
    ]);
    expect(parseBulkCsv(bytes('E-mail,Name\nann@example.com,Ann\n'))).toEqual([
      { row: 2, name: 'Ann', email: 'ann@example.com', dueDate: '' },
    ]);
  });

  it('takes a BOM, semicolons, tabs, quoted commas and quoted line breaks', () => {
    const rows = parseBulkCsv(bytes('\uFEFFname;email\n"Lee; Ann";ann@example.com\n'));
    expect(rows).toEqual([{ row: 2, name: 'Lee; Ann', email: 'ann@example.com', dueDate: '' }]);
    expect(parseBulkCsv(bytes('"Lee, Ann",ann@example.com\r\n"Bo\nChen",bo@example.com'))).toEqual([
      { row: 1, name: 'Lee, Ann', email: 'ann@example.com', dueDate: '' },
      { row: 2, name: 'Bo Chen', email: 'bo@example.com', dueDate: '' },
    ]);
    expect(parseBulkCsv(bytes('Ann\tann@example.com\n'))[0]?.email).toBe('ann@example.com');
  });

  it('refuses text that is not UTF-8, naming the row', () => {
    const latin1 = Uint8Array.from([
      ...bytes('name,email\nAnn,ann@example.com\nJos'),
      0xe9,
      ...bytes(',jose@example.com\n'),
    ]);
    const error = refusal(latin1);
    expect(error.row).toBe(3);
    expect(error.message).toMatch(/^Row 3 is not UTF-8/);
  });

  it(`refuses more than ${MAX_BULK_ROWS} rows, naming the first row past the limit`, () => {
    const text = `name,email\n${Array.from({ length: 10_000 }, (_, i) => `P${i},p${i}@example.com`).join('\n')}`;
    const error = refusal(bytes(text));
    expect(error.message).toContain('10,000 rows');
    expect(error.row).toBe(502);
    expect(parseBulkCsv(bytes(text.split('\n').slice(0, 501).join('\n')))).toHaveLength(500);
  });

  it('refuses an empty file and an unclosed quote', () => {
    expect(refusal(bytes('\n\n')).message).toBe('The file has no rows');
    expect(refusal(bytes('Ann,ann@example.com\n"Bo,bo@example.com\n')).message).toMatch(/^Row 2/);
  });

  it('writes the result as CSV, formulas kept as text', () => {
    const csv = bulkResultCsv([
      {
        row: 2,
        name: '=HYPERLINK("x")',
        email: 'a@example.com',
        dueDate: '2030-01-01',
        outcome: 'skipped',
        reason: 'Duplicate row, again',
        assessmentId: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'row,name,email,due date,result,reason',
      `2,"'=HYPERLINK(""x"")",a@example.com,2030-01-01,skipped,"Duplicate row, again"`,
    ]);
  });
});
