import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/languages';
import { formatTypedDate, parseTypedDate } from './typed-date';

describe('typed dates', () => {
  it('writes a day with digits in each language', () => {
    expect(formatTypedDate('2026-12-05', LOCALES.en)).toBe('12/05/2026');
    expect(formatTypedDate('2026-12-05', LOCALES.de)).toBe('05.12.2026');
    expect(formatTypedDate('2026-12-05', LOCALES.fr)).toBe('05/12/2026');
    expect(formatTypedDate('2026-12-05', LOCALES.es)).toBe('05/12/2026');
    expect(formatTypedDate('2026-12-05', LOCALES.ja)).toBe('2026/12/05');
    expect(formatTypedDate('2026-02-31', LOCALES.de)).toBe('');
  });

  it('reads what each language writes, and ISO in every language', () => {
    expect(parseTypedDate('12/5/2026', LOCALES.en)).toBe('2026-12-05');
    expect(parseTypedDate(' 5.12.2026 ', LOCALES.de)).toBe('2026-12-05');
    expect(parseTypedDate('05/12/2026', LOCALES.fr)).toBe('2026-12-05');
    expect(parseTypedDate('5/12/2026', LOCALES.es)).toBe('2026-12-05');
    expect(parseTypedDate('2026/12/5', LOCALES.ja)).toBe('2026-12-05');
    expect(parseTypedDate('2026年12月5日', LOCALES.ja)).toBe('2026-12-05');
    for (const locale of Object.values(LOCALES))
      expect(parseTypedDate('2026-12-05', locale)).toBe('2026-12-05');
  });

  it('refuses what is no day: impossible, partial, two-digit years, words', () => {
    expect(parseTypedDate('31.02.2026', LOCALES.de)).toBeNull();
    expect(parseTypedDate('13/05/2026', LOCALES.en)).toBeNull();
    expect(parseTypedDate('5.12.', LOCALES.de)).toBeNull();
    expect(parseTypedDate('5.12.26', LOCALES.de)).toBeNull();
    expect(parseTypedDate('2026-02-30', LOCALES.de)).toBeNull();
    expect(parseTypedDate('morgen', LOCALES.de)).toBeNull();
    expect(parseTypedDate('', LOCALES.de)).toBeNull();
  });
});
