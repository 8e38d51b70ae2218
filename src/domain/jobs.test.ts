import { describe, expect, it } from 'vitest';
import {
  closingDatePassed,
  decodeJobCursor,
  encodeJobCursor,
  excerptOf,
  isRealDate,
  jobInputSchema,
  mayWithdraw,
  moveInputSchema,
  nextStatus,
} from './jobs';

const job = {
  title: 'Engineer',
  department: 'Engineering',
  locations: ['Berlin'],
  workplaceType: 'remote',
  jobType: 'full-time',
  experience: '3-5',
  description: 'Build things',
};

describe('jobs rules', () => {
  it('accepts real calendar days only', () => {
    expect(isRealDate('2030-02-28')).toBe(true);
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2030-02-30')).toBe(false);
    expect(isRealDate('2030-13-01')).toBe(false);
    expect(isRealDate('30-01-01')).toBe(false);
  });

  it('allows only the transitions of a job status', () => {
    expect(nextStatus('draft', 'publish')).toBe('published');
    expect(nextStatus('published', 'close')).toBe('closed');
    expect(nextStatus('closed', 'reopen')).toBe('published');
    expect(nextStatus('published', 'unpublish')).toBe('draft');
    expect(nextStatus('archived', 'publish')).toBeNull();
    expect(nextStatus('archived', 'archive')).toBeNull();
    expect(nextStatus('draft', 'close')).toBeNull();
  });

  it('refuses a salary maximum below the minimum, NUL characters and blank titles', () => {
    expect(jobInputSchema.safeParse({ ...job, salaryMin: 10, salaryMax: 20 }).success).toBe(true);
    const bad = jobInputSchema.safeParse({ ...job, salaryMin: 20, salaryMax: 10 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['salaryMax']);
    expect(jobInputSchema.safeParse({ ...job, title: 'a\u0000b' }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...job, title: '   ' }).success).toBe(false);
  });

  it('asks a reason for a rejection and a template for an assessment', () => {
    const ids = ['a1'];
    expect(moveInputSchema.safeParse({ applicationIds: ids, stage: 'rejected' }).success).toBe(
      false,
    );
    expect(
      moveInputSchema.safeParse({ applicationIds: ids, stage: 'rejected', reason: 'No' }).success,
    ).toBe(true);
    expect(moveInputSchema.safeParse({ applicationIds: ids, stage: 'assessment' }).success).toBe(
      false,
    );
    expect(moveInputSchema.safeParse({ applicationIds: ids, stage: 'withdrawn' }).success).toBe(
      false,
    );
  });

  it('round-trips the browse cursor and refuses malformed ones', () => {
    const at = '2026-11-23T10:00:00.123Z';
    expect(decodeJobCursor(encodeJobCursor(at, 'abc-1'))).toEqual({ publishedAt: at, id: 'abc-1' });
    expect(decodeJobCursor('garbage')).toBeNull();
    expect(decodeJobCursor('2026-11-23|x')).toBeNull();
    expect(decodeJobCursor(`${at}|bad id`)).toBeNull();
  });

  it('makes excerpts and keeps the withdrawal and closing rules', () => {
    expect(excerptOf('## Title\n\nSome **bold** [link](http://x)', 100)).toBe(
      'Title: Some bold link.',
    );
    // Headings, paragraphs and list items end as sentences instead of running together.
    expect(
      excerptOf(
        '## About the role\n\nJoin the team behind payments.\n\n## What you will do\n\n- Ship features end-to-end\n- Review code\n1. Mentor',
      ),
    ).toBe(
      'About the role: Join the team behind payments. What you will do: Ship features end-to-end. Review code. Mentor.',
    );
    expect(excerptOf('## 仕事内容\n\n- 決済基盤の開発\n- コードレビュー')).toBe(
      '仕事内容：決済基盤の開発。コードレビュー。',
    );
    expect(excerptOf('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(mayWithdraw('interview')).toBe(true);
    expect(mayWithdraw('hired')).toBe(false);
    expect(closingDatePassed('2026-01-01', '2026-01-02')).toBe(true);
    expect(closingDatePassed('2026-01-02', '2026-01-02')).toBe(false);
    expect(closingDatePassed(null, '2026-01-02')).toBe(false);
  });
});
