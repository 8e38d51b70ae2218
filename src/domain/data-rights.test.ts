import { describe, expect, it } from 'vitest';
import { eraseOwnSchema, exportFileName, onRequestSchema, zipSafePath } from './data-rights';

describe('data rights rules', () => {
  it('names the download after the person and the day, safely', () => {
    const at = new Date('2030-05-03T10:00:00Z');
    expect(exportFileName('Zoë O’Brien-Smith', at)).toBe(
      'talentforge-data-zoe-o-brien-smith-2030-05-03.zip',
    );
    expect(exportFileName('李雷', at)).toBe('talentforge-data-account-2030-05-03.zip');
  });

  it('keeps zip paths inside the archive', () => {
    expect(zipSafePath('../../etc/passwd')).toBe('etc/passwd');
    expect(zipSafePath('/abs/./file.ts')).toBe('abs/file.ts');
    expect(zipSafePath('a\\b\u0000c')).toBe('a/b_c');
    expect(zipSafePath('..')).toBe('file');
  });

  it('asks for a reason on requests and refuses unknown fields', () => {
    expect(onRequestSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(onRequestSchema.safeParse({ reason: 'Ticket 42' }).success).toBe(true);
    expect(eraseOwnSchema.safeParse({ password: 'x', role: 'admin' }).success).toBe(false);
    expect(eraseOwnSchema.safeParse({ password: 'a\u0000b' }).success).toBe(false);
  });
});
