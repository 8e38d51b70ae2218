import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, storedFileName } from './file-names';

const name = (s: string) => storedFileName(s, 'resume.pdf');

describe('storedFileName', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(name('Résumé – Zoë Müller (2025).pdf')).toBe('Résumé – Zoë Müller (2025).pdf');
    expect(name('履歴書.pdf')).toBe('履歴書.pdf');
  });

  it('drops the right-to-left override that makes "cvexe.pdf" of an .exe', () => {
    // Shown as "cvexe.pdf" where the override is kept.
    expect(name('cv\u202Efdp.exe')).toBe('cvfdp.exe');
  });

  it('drops every bidirectional control: embeddings, overrides, isolates and marks', () => {
    const bidi = [
      '\u061C',
      '\u200E',
      '\u200F',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const ch of bidi) {
      expect(name(`a${ch}b.pdf`), `U+${ch.codePointAt(0)!.toString(16)}`).toBe('ab.pdf');
    }
  });

  it('drops control, zero-width and separator characters', () => {
    expect(name('a\u0000b\u0007c\u001b[31m\u007f\u0085.pdf')).toBe('abc[31m.pdf');
    expect(name('in\u200Bvis\u200Cible\u200D\uFEFF.pdf')).toBe('invisible.pdf');
    expect(name('tags\u{E0041}\u{E0042}.pdf')).toBe('tags.pdf');
    expect(name('line\u2028para\u2029.pdf')).toBe('linepara.pdf');
    expect(name('two\r\nlines\t.pdf')).toBe('twolines.pdf');
  });

  it('keeps only the last part of a path and no quotes', () => {
    expect(name('C:\\fakepath\\cv.pdf')).toBe('cv.pdf');
    expect(name('../../etc/passwd')).toBe('passwd');
    expect(name('my "best" cv.pdf')).toBe('my best cv.pdf');
  });

  it('collapses spaces, trims, composes accents (NFC)', () => {
    expect(name('  my    cv \u00A0 final .pdf  ')).toBe('my cv final .pdf');
    expect(name('Re\u0301sume\u0301.pdf')).toBe('Résumé.pdf');
  });

  it('falls back when nothing is left', () => {
    expect(name('')).toBe('resume.pdf');
    expect(name('\u202E\u200B')).toBe('resume.pdf');
    expect(name('..')).toBe('resume.pdf');
    expect(name('a/')).toBe('resume.pdf');
  });

  it('cuts a long name before its extension', () => {
    const long = name(`${'é'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('é.pdf')).toBe(true);
    expect(Array.from(name('x'.repeat(300)))).toHaveLength(MAX_FILE_NAME_LENGTH);
  });
});
