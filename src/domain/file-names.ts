/**
 * File names people upload (résumés, and any other file kept under the name it came with)
 * as they are stored and shown. One rule for every upload, applied when the name is stored
 * and again when it is served (names stored before the rule).
 */

export const MAX_FILE_NAME_LENGTH = 200;

/**
 * Characters that are never part of a name someone means: control characters (C0, DEL, C1),
 * format characters (the bidirectional overrides, embeddings, isolates and marks such as
 * U+202E, which make "cv\u202Efdp.exe" display as "cvexe.pdf"; zero-width characters; the
 * byte-order mark; tag characters) and the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** The last part of a path (a browser may send "C:\\fakepath\\cv.pdf"). */
const baseName = (name: string) => name.split(/[\\/]/).pop() ?? '';

/**
 * A user-supplied file name made safe to store and show: no folders, no control or
 * bidirectional characters, no double quotes, spaces collapsed, NFC, at most 200 characters
 * (cut before the extension, which is kept), and `fallback` when nothing is left.
 */
export function storedFileName(name: string, fallback: string): string {
  const clean = baseName(name.normalize('NFC'))
    .replace(INVISIBLE, '')
    .replace(/"/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
  if (clean === '' || clean === '.' || clean === '..') return fallback;
  const chars = Array.from(clean);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
  if (extension.length > 0 && extension.length <= 20) {
    const stem = Array.from(clean.slice(0, dot)).slice(0, MAX_FILE_NAME_LENGTH - extension.length);
    return `${stem.join('').trimEnd()}${extension.join('')}`;
  }
  return chars.slice(0, MAX_FILE_NAME_LENGTH).join('').trimEnd();
}
