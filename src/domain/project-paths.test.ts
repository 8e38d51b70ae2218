import { describe, expect, it } from 'vitest';
import {
  clashingPath,
  isProtectedPath,
  MAX_PATH_CHARS,
  PATH_TEXTS,
  PROJECT_LIMITS,
  pathProblem,
  projectLimitProblem,
  projectPathSchema,
} from './project-paths';

describe('a project path', () => {
  it('takes relative paths in folders, with any letters', () => {
    for (const path of [
      'util.ts',
      'src/util.ts',
      'src/deep/er/x.test.ts',
      '.env.example',
      'src/.hidden',
      'docs/Über uns.md',
      'a'.repeat(MAX_PATH_CHARS),
    ]) {
      expect(pathProblem(path), path).toBeNull();
      expect(projectPathSchema.safeParse(path).success).toBe(true);
    }
  });

  it('refuses each broken rule with its own message', () => {
    const cases: [string, string][] = [
      ['', PATH_TEXTS.empty],
      ['a'.repeat(MAX_PATH_CHARS + 1), PATH_TEXTS.tooLong],
      ['/etc/passwd', PATH_TEXTS.absolute],
      ['\\server\\share', PATH_TEXTS.absolute],
      ['C:/x.ts', PATH_TEXTS.absolute],
      ['~/x.ts', PATH_TEXTS.absolute],
      ['src\\x.ts', PATH_TEXTS.backslash],
      ['src//x.ts', PATH_TEXTS.emptySegment],
      ['src/', PATH_TEXTS.emptySegment],
      ['src/ /x.ts', PATH_TEXTS.emptySegment],
      ['../x.ts', PATH_TEXTS.dotSegment],
      ['src/../../x.ts', PATH_TEXTS.dotSegment],
      ['./x.ts', PATH_TEXTS.dotSegment],
      ['src/.../x', PATH_TEXTS.dotSegment],
      ['x\u0000.ts', PATH_TEXTS.control],
      ['x\n.ts', PATH_TEXTS.control],
      ['x\u007f.ts', PATH_TEXTS.control],
      ['x\u0085.ts', PATH_TEXTS.control],
      ['cv\u202Efdp.exe', PATH_TEXTS.bidi],
      ['a\u2066b.ts', PATH_TEXTS.bidi],
      ['a\u200Fb.ts', PATH_TEXTS.bidi],
    ];
    for (const [path, message] of cases) {
      expect(pathProblem(path), JSON.stringify(path)).toBe(message);
      const parsed = projectPathSchema.safeParse(path);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(message);
    }
  });

  it('finds paths that differ only by case, with Unicode case folding and forms', () => {
    const existing = ['src/Util.ts', 'STRASSE.md', 'caf\u00e9.ts'];
    expect(clashingPath(existing, 'src/util.ts')).toBe('src/Util.ts');
    expect(clashingPath(existing, 'SRC/UTIL.TS')).toBe('src/Util.ts');
    expect(clashingPath(existing, 'straße.md')).toBe('STRASSE.md');
    // é as e + combining accent is the same name.
    expect(clashingPath(existing, 'cafe\u0301.ts')).toBe('caf\u00e9.ts');
    expect(clashingPath(existing, 'src/util2.ts')).toBeNull();
    // Renaming a file to another case of its own name is no clash.
    expect(clashingPath(existing, 'src/UTIL.ts', 'src/Util.ts')).toBeNull();
  });

  it("protects the template's tests: hidden always, visible unless the template allows", () => {
    const rules = {
      hidden: ['hidden/cart.hidden.test.js'],
      visibleTests: ['cart.test.js'],
      candidatesMayEditTests: false,
    };
    expect(isProtectedPath('cart.test.js', rules)).toBe(true);
    expect(isProtectedPath('CART.test.js', rules)).toBe(true);
    expect(isProtectedPath('hidden/cart.hidden.test.js', rules)).toBe(true);
    // The folder holding them, and a new file inside it.
    expect(isProtectedPath('hidden', rules)).toBe(true);
    expect(isProtectedPath('hidden/new.js', rules)).toBe(false);
    expect(isProtectedPath('cart.js', rules)).toBe(false);
    const open = { ...rules, candidatesMayEditTests: true };
    expect(isProtectedPath('cart.test.js', open)).toBe(false);
    expect(isProtectedPath('hidden/cart.hidden.test.js', open)).toBe(true);
  });

  it('names the limit a project would break', () => {
    const file = (bytes: number) => ({ content: 'x'.repeat(bytes) });
    expect(projectLimitProblem([file(10), file(10)])).toBeNull();
    expect(
      projectLimitProblem(Array.from({ length: PROJECT_LIMITS.files + 1 }, () => file(1))),
    ).toBe(PATH_TEXTS.tooManyFiles);
    expect(projectLimitProblem([file(PROJECT_LIMITS.fileBytes + 1)])).toBe(PATH_TEXTS.fileTooLarge);
    // Multi-byte characters count as bytes, not characters.
    expect(projectLimitProblem([{ content: 'é'.repeat(PROJECT_LIMITS.fileBytes / 2 + 1) }])).toBe(
      PATH_TEXTS.fileTooLarge,
    );
    expect(projectLimitProblem(Array.from({ length: 21 }, () => file(250 * 1024)))).toBe(
      PATH_TEXTS.projectTooLarge,
    );
  });
});
