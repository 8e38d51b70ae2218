import { describe, expect, it } from 'vitest';
import {
  changeOf,
  clashingPath,
  deletedTemplatePaths,
  isProtectedPath,
  liveFiles,
  MAX_PATH_CHARS,
  newPathProblem,
  PATH_TEXTS,
  PROJECT_LIMITS,
  pathProblem,
  projectChangeSchema,
  projectLimitProblem,
  projectPathSchema,
  protectedPathsOf,
  renameProblem,
  resolveRenamed,
  type StoredPath,
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

  it('a new path: rules, protection, existing names (any case), files and folders in the way', () => {
    const rules = {
      hidden: ['test/h.test.ts'],
      visibleTests: ['test/v.test.ts'],
      candidatesMayEditTests: false,
    };
    const existing = ['src/Util.ts', 'test/v.test.ts'];
    expect(newPathProblem(existing, 'src/new.ts', rules)).toBeNull();
    expect(newPathProblem(existing, '../x', rules)).toBe(PATH_TEXTS.dotSegment);
    expect(newPathProblem(existing, 'test/h.test.ts', rules)).toBe(
      PATH_TEXTS.protectedPath('test/h.test.ts'),
    );
    expect(newPathProblem(existing, 'src/Util.ts', rules)).toBe(PATH_TEXTS.exists('src/Util.ts'));
    expect(newPathProblem(existing, 'SRC/util.ts', rules)).toBe(
      PATH_TEXTS.caseClash('src/Util.ts'),
    );
    expect(newPathProblem(existing, 'Src', rules)).toBe(PATH_TEXTS.folderExists('Src'));
    expect(newPathProblem(existing, 'src/Util.ts/x.ts', rules)).toBe(
      PATH_TEXTS.fileInTheWay('src/Util.ts'),
    );
    // A rename to another case of its own name.
    expect(newPathProblem(existing, 'src/UTIL.ts', rules, 'src/Util.ts')).toBeNull();
  });

  it('protects the visible tests a project has, unless it allows changing them', () => {
    const project = {
      files: [{ path: 'src/a.ts' }, { path: 'test/a.test.ts' }, { path: 'src/b.spec.ts' }],
      hiddenFiles: [{ path: 'hidden.test.ts' }],
    };
    expect(protectedPathsOf(project)).toEqual({
      hidden: ['hidden.test.ts'],
      visibleTests: ['test/a.test.ts'],
      candidatesMayEditTests: false,
    });
    expect(
      protectedPathsOf({ ...project, candidatesMayEditTests: true }).candidatesMayEditTests,
    ).toBe(true);
  });

  it("the project now: the template's files as created, renamed and deleted, each marked", () => {
    const template = [
      { path: 'a.ts', content: 'a' },
      { path: 'b.ts', content: 'b' },
      { path: 'c.ts', content: 'c' },
    ];
    const row = (over: Partial<StoredPath> & { fileName: string }): StoredPath => ({
      content: '',
      editedAt: 1,
      origin: over.fileName,
      deleted: false,
      renamedTo: null,
      ...over,
    });
    const rows = [
      row({ fileName: 'a.ts', content: 'a2' }),
      row({ fileName: 'b.ts', deleted: true, renamedTo: 'lib/b.ts' }),
      row({ fileName: 'lib/b.ts', content: 'b', origin: 'b.ts' }),
      row({ fileName: 'c.ts', deleted: true }),
      row({ fileName: 'new.ts', content: 'n', origin: null }),
      row({ fileName: 'gone.ts', origin: null, deleted: true }),
    ];
    const live = liveFiles(template, rows);
    expect(
      live.map((f) => [f.path, f.content, changeOf(f).change, changeOf(f).renamedFrom]),
    ).toEqual([
      ['a.ts', 'a2', null, null],
      ['lib/b.ts', 'b', 'renamed', 'b.ts'],
      ['new.ts', 'n', 'added', null],
    ]);
    expect(deletedTemplatePaths(template, rows)).toEqual(['c.ts']);
    // A save sent to an old name follows the renames.
    const chain = [...rows, row({ fileName: 'old.ts', deleted: true, renamedTo: 'b.ts' })];
    expect(resolveRenamed(chain, 'old.ts')).toBe('lib/b.ts');
    expect(resolveRenamed(chain, 'c.ts')).toBe('c.ts');
  });

  it('keeps the template order for edited and renamed files; created files follow by path', () => {
    const template = ['one.ts', 'two.ts', 'three.ts'].map((path) => ({ path, content: path }));
    const row = (over: Partial<StoredPath> & { fileName: string }): StoredPath => ({
      content: 'x',
      editedAt: 1,
      origin: over.fileName,
      deleted: false,
      renamedTo: null,
      ...over,
    });
    // Rows in the order a database may give them: the edited file first.
    const rows = [
      row({ fileName: 'z-new.ts', origin: null }),
      row({ fileName: 'one.ts' }),
      row({ fileName: 'a-new.ts', origin: null }),
      row({ fileName: 'lib/two.ts', origin: 'two.ts' }),
      row({ fileName: 'two.ts', deleted: true, renamedTo: 'lib/two.ts' }),
    ];
    expect(liveFiles(template, rows).map((f) => f.path)).toEqual([
      'one.ts',
      'lib/two.ts',
      'three.ts',
      'a-new.ts',
      'z-new.ts',
    ]);
  });

  it('the change schema checks the new path, not the one that exists', () => {
    const ok = projectChangeSchema.safeParse({
      op: 'rename',
      path: 'a.ts',
      to: 'b/a.ts',
      editedAt: 5,
    });
    expect(ok.success).toBe(true);
    const bad = projectChangeSchema.safeParse({ op: 'create', path: 'a/\u202Eb', editedAt: 5 });
    expect(bad.error?.issues[0]?.message).toBe(PATH_TEXTS.bidi);
    const folded = projectChangeSchema.safeParse({
      op: 'rename',
      path: 'a.ts',
      to: '../a.ts',
      editedAt: 5,
    });
    expect(folded.error?.issues[0]?.message).toBe(PATH_TEXTS.dotSegment);
  });
});

describe('renaming or moving a folder', () => {
  const rules = { hidden: [], visibleTests: ['test/cart.test.js'], candidatesMayEditTests: false };
  const files = ['src/a.ts', 'src/deep/b.ts', 'lib/c.ts', 'test/cart.test.js', 'README.md'];

  it('moves every file under it when each new path is free', () => {
    expect(renameProblem(files, 'src', 'app', rules)).toBeNull();
    expect(renameProblem(files, 'src', 'lib/src', rules)).toBeNull();
    expect(renameProblem(files, 'src', 'src', rules)).toBeNull();
    // Only the case changes: the files themselves are not in the way.
    expect(renameProblem(files, 'src', 'SRC', rules)).toBeNull();
  });

  it('names the first rule a moved path breaks', () => {
    expect(renameProblem(files, 'src', '../src', rules)).toBe(pathProblem('../src/a.ts'));
    expect(renameProblem(files, 'src', 'LIB', rules)).toBeNull();
    expect(renameProblem(['src/c.ts', 'lib/c.ts'], 'src', 'LIB', rules)).toBe(
      PATH_TEXTS.caseClash('lib/c.ts'),
    );
    expect(renameProblem(files, 'src', 'README.md', rules)).toBe(
      PATH_TEXTS.fileInTheWay('README.md'),
    );
    expect(renameProblem(files, 'test', 'spec', rules)).toBe(
      PATH_TEXTS.protectedPath('test/cart.test.js'),
    );
    expect(renameProblem(files, 'nowhere', 'x', rules)).toBe(PATH_TEXTS.notFound('nowhere'));
  });
});
