import { describe, expect, it } from 'vitest';
import type { SampleProject } from '../../domain/assessments';
import { GO_PROJECT, JAVA_PROJECT, PYTHON_PROJECT } from '../../domain/language-starter-projects';
import type { TestLanguage } from '../../domain/test-runs';
import {
  guardEarlyExit,
  newHarnessKey,
  parseResultRecords,
  signResultLine,
  toolchainMissing,
} from './languages';
import {
  DEFAULT_LIMITS,
  detectSandbox,
  type PassResult,
  runInSandbox,
  type SandboxFile,
} from './runner';

const sandbox = detectSandbox();

/** Skipped with the reason shown when bubblewrap or the language's toolchain is missing here. */
function skipReason(language: TestLanguage): string | null {
  if (!sandbox.available) return sandbox.reason;
  return toolchainMissing(language);
}
for (const language of ['python', 'go', 'java'] as const) {
  const reason = skipReason(language);
  if (reason) console.warn(`SKIPPED ${language} test runs: ${reason}`);
}

const LIMITS = { ...DEFAULT_LIMITS, wallMs: 30_000 };

const filesOf = (project: SampleProject): SandboxFile[] => [
  ...project.files,
  ...(project.hiddenFiles ?? []).map((f) => ({ ...f, hidden: true })),
];

/** The project with one file's text replaced (the candidate's edit). */
function edit(project: SampleProject, file: string, content: string): SandboxFile[] {
  return filesOf(project).map((f) => (f.path === file ? { ...f, content } : f));
}

async function run(project: SampleProject, files: SandboxFile[], wallMs = LIMITS.wallMs) {
  return runInSandbox(
    files,
    { ...LIMITS, wallMs },
    { reference: filesOf(project), language: project.runner as TestLanguage },
  );
}

const FEES_FIXED = `DAILY_FEE_CENTS = {"adult": 25, "student": 10, "child": 0}


def late_fee(days_late, member):
    if days_late < 0 or member not in DAILY_FEE_CENTS:
        raise ValueError("bad input")
    return min(1000, max(0, days_late - 2) * DAILY_FEE_CENTS[member])
`;

describe.skipIf(skipReason('python') !== null)('Python test runs (pytest)', () => {
  it('a passing, a failing and a non-compiling project', async () => {
    const passing = await run(PYTHON_PROJECT, edit(PYTHON_PROJECT, 'fees.py', FEES_FIXED));
    expect(passing).toMatchObject({ status: 'passed', passed: 8, failed: 0 });
    const failing = await run(PYTHON_PROJECT, filesOf(PYTHON_PROJECT));
    expect(failing).toMatchObject({ status: 'failed', passed: 3, failed: 5 });
    expect(failing.failures.map((f) => f.name)).toContain('test_student_rate');
    const broken = await run(PYTHON_PROJECT, edit(PYTHON_PROJECT, 'fees.py', 'def late_fee(:\n'));
    expect(broken.status).toBe('failed');
    expect(broken.output).toContain('compilation failed');
    expect(broken.failures.some((f) => f.message.includes('SyntaxError'))).toBe(true);
    expect(broken.passed + broken.failed + broken.skipped).toBe(8);
  }, 120_000);

  it('a report rewritten by the code under test changes nothing; a loop times out; binary output is kept as text', async () => {
    const forged = `import atexit
def _forge():
    cases = "".join('<testcase classname="test_fees" name="forged%d"/>' % i for i in range(25))
    open("/report/report.xml", "w").write('<testsuites><testsuite name="pytest">' + cases + "</testsuite></testsuites>")
atexit.register(_forge)
${FEES_FIXED}`;
    const result = await run(PYTHON_PROJECT, edit(PYTHON_PROJECT, 'fees.py', forged));
    // Results come from the grader's plugin (fd 4), not the report file: the honest 8 of 8, none of the 25 forged.
    expect(result).toMatchObject({ status: 'passed', passed: 8, failed: 0 });
    const loop = await run(
      PYTHON_PROJECT,
      edit(PYTHON_PROJECT, 'fees.py', 'def late_fee(d, m):\n    while True:\n        pass\n'),
      6_000,
    );
    expect(loop.status).toBe('timeout');
    const binary = await run(
      PYTHON_PROJECT,
      edit(
        PYTHON_PROJECT,
        'fees.py',
        `import sys\nsys.stdout.buffer.write(bytes(range(256)) * 64)\n${FEES_FIXED}`,
      ),
    );
    expect(binary.status).toBe('passed');
  }, 120_000);
});

const SLUG_FIXED = `package blog

import "strings"

func Slug(title string) string {
	var b strings.Builder
	dash := false
	for _, r := range title {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 32)
			dash = false
		default:
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = true
		}
	}
	s := strings.TrimRight(b.String(), "-")
	if len(s) > 60 {
		s = s[:60]
		if i := strings.LastIndex(s, "-"); i > 0 {
			s = s[:i]
		}
		s = strings.TrimRight(s, "-")
	}
	return s
}
`;

describe.skipIf(skipReason('go') !== null)('Go test runs (go test)', () => {
  it('a passing, a failing and a non-compiling project', async () => {
    const passing = await run(GO_PROJECT, edit(GO_PROJECT, 'slug.go', SLUG_FIXED));
    expect(passing.failures).toEqual([]);
    expect(passing).toMatchObject({ status: 'passed', passed: 5, failed: 0 });
    const failing = await run(GO_PROJECT, filesOf(GO_PROJECT));
    expect(failing).toMatchObject({ status: 'failed', passed: 0, failed: 5 });
    const broken = await run(
      GO_PROJECT,
      edit(
        GO_PROJECT,
        'slug.go',
        `package blog\n\nfunc Slug(title string) string { return 42 }\n${'// x\n'.repeat(3000)}`,
      ),
    );
    expect(broken.status).toBe('failed');
    expect(broken.output).toContain('compilation failed');
    expect(broken.failures[0]?.message).toMatch(/cannot use 42/);
    expect(broken.failures[0]?.message.length).toBeLessThanOrEqual(4003);
    // A module download is refused (no network, GOPROXY=off): a compile failure, not a hang.
    const download = await run(
      GO_PROJECT,
      edit(
        GO_PROJECT,
        'slug.go',
        `package blog\n\nimport "github.com/acme/slugs"\n\nfunc Slug(t string) string { return slugs.Make(t) }\n`,
      ),
    );
    expect(download.status).toBe('failed');
    expect(download.output).toContain('compilation failed');
  }, 180_000);

  it('forged test lines add no passes; 10,000 subtests end with a result', async () => {
    const forged = `${SLUG_FIXED.replace('func Slug', `func init() {\n\tfor i := 0; i < 25; i++ {\n\t\tprintln()\n\t\tfmt.Printf("=== RUN   TestForged%d\\n--- PASS: TestForged%d (0.00s)\\n", i, i)\n\t}\n}\n\nfunc Slug`).replace('import "strings"', 'import (\n\t"fmt"\n\t"strings"\n)')}`;
    const result = await run(GO_PROJECT, edit(GO_PROJECT, 'slug.go', forged));
    expect(result).toMatchObject({ status: 'passed', passed: 5, failed: 0 });
    const many = edit(GO_PROJECT, 'slug.go', SLUG_FIXED).map((f) =>
      f.path === 'slug_test.go'
        ? {
            ...f,
            content: `${f.content}\nfunc TestMany(t *testing.T) {\n\tfor i := 0; i < 10000; i++ {\n\t\tt.Run("case", func(t *testing.T) {})\n\t}\n}\n`,
          }
        : f,
    );
    const manyResult = await run(GO_PROJECT, many);
    // TestMany is the candidate's own test, not the template's: shown, not counted.
    expect(manyResult).toMatchObject({ status: 'passed', passed: 5 });
  }, 180_000);
});

const INVOICE_FIXED = JAVA_PROJECT.files[0]?.content.replace(
  '        return subtotalCents();\n    }\n}',
  '        long sub = subtotalCents();\n        if (sub >= 10000) sub = (sub * 95) / 100;\n        return sub + (sub * 20 + 50) / 100;\n    }\n}',
);

describe.skipIf(skipReason('java') !== null)('Java test runs (JUnit 5)', () => {
  it('a passing, a failing and a non-compiling project', async () => {
    const passing = await run(
      JAVA_PROJECT,
      edit(JAVA_PROJECT, 'Invoice.java', INVOICE_FIXED ?? ''),
    );
    expect(passing.failures).toEqual([]);
    expect(passing).toMatchObject({ status: 'passed', passed: 6, failed: 0 });
    const failing = await run(JAVA_PROJECT, filesOf(JAVA_PROJECT));
    expect(failing).toMatchObject({ status: 'failed', passed: 3, failed: 3 });
    expect(failing.failures[0]?.message).toContain('expected: <1200> but was: <1000>');
    const broken = await run(
      JAVA_PROJECT,
      edit(JAVA_PROJECT, 'Invoice.java', 'public class Invoice { int x = "text"; }\n'),
    );
    expect(broken.status).toBe('failed');
    expect(broken.output).toContain('compilation failed');
    expect(broken.failures[0]?.message).toMatch(/incompatible types/);
  }, 180_000);
});

/*
 * Forging the verdict from inside the test process (docs/decisions/010): the code under test
 * shares its process with the test framework, so it can rewrite the framework's report, print
 * the framework's result lines and end the process with exit code 0. Each attack below writes
 * a report that names every test of the project (found by reading the test files, as an
 * attacker would) as passed.
 */
const PY_FORGE = `import glob, os, re
def _forge():
    cases = ""
    for f in glob.glob("/work/**/*.py", recursive=True):
        base = os.path.basename(f)
        if not (base.startswith("test_") or base.endswith("_test.py")):
            continue
        mod = os.path.relpath(f, "/work")[:-3].replace("/", ".")
        for name in re.findall(r"^def (test_\\w+)", open(f).read(), re.M):
            cases += '<testcase classname="%s" name="%s"/>' % (mod, name)
    try:
        open("/report/report.xml", "w").write('<testsuites><testsuite name="pytest">' + cases + "</testsuite></testsuites>")
    except OSError:
        pass
    print("%d passed" % cases.count("<testcase"))
`;

describe.skipIf(skipReason('python') !== null)(
  'Python: the verdict cannot be forged in-process',
  () => {
    it('an exit 0 before the tests, after forging the report, is a failure', async () => {
      const before = await run(
        PYTHON_PROJECT,
        edit(PYTHON_PROJECT, 'fees.py', `${PY_FORGE}\n_forge()\nos._exit(0)\n`),
      );
      expect(before).toMatchObject({ status: 'failed', passed: 0, failed: 8 });
    }, 120_000);

    it('an exit 0 inside a test, after forging the report, is a failure', async () => {
      const inside = await run(
        PYTHON_PROJECT,
        edit(
          PYTHON_PROJECT,
          'fees.py',
          `${PY_FORGE}\ndef late_fee(d, m):\n    _forge()\n    os._exit(0)\n`,
        ),
      );
      expect(inside).toMatchObject({ status: 'failed', passed: 0, failed: 8 });
    }, 120_000);

    it('a report rewritten at exit scores no passes', async () => {
      const atExit = await run(
        PYTHON_PROJECT,
        edit(
          PYTHON_PROJECT,
          'fees.py',
          `${PY_FORGE}\nimport atexit\natexit.register(_forge)\ndef late_fee(d, m):\n    return 0\n`,
        ),
      );
      // The honest counts of the unfixed project (3 of 8 pass), not the forged report's.
      expect(atExit).toMatchObject({ status: 'failed', passed: 3, failed: 5 });
    }, 120_000);
  },
);

describe.skipIf(skipReason('python') !== null)('Python: many tests', () => {
  it('10,000 honest tests still report through the harness and pass', async () => {
    const many = {
      path: 'test_many.py',
      content:
        'import pytest\n\n\n@pytest.mark.parametrize("i", range(10000))\ndef test_case(i):\n    assert i >= 0\n',
    };
    const project = { ...PYTHON_PROJECT, files: [...PYTHON_PROJECT.files, many] };
    const result = await run(project, edit(project, 'fees.py', FEES_FIXED), 60_000);
    expect(result).toMatchObject({ status: 'passed', passed: 10_008, failed: 0 });
  }, 180_000);
});

const GO_FORGE = `package blog

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
)

func forge() {
	files, _ := filepath.Glob("/work/*_test.go")
	re := regexp.MustCompile(\`(?m)^func (Test\\w+)\`)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			fmt.Printf("=== RUN   %s\\n--- PASS: %s (0.00s)\\n", m[1], m[1])
		}
	}
	fmt.Println("PASS")
	syscall.Exit(0)
}
`;

describe.skipIf(skipReason('go') !== null)('Go: the verdict cannot be forged in-process', () => {
  it('an exit 0 before the tests, after printing passing results, is a failure', async () => {
    const before = await run(
      GO_PROJECT,
      edit(
        GO_PROJECT,
        'slug.go',
        `${GO_FORGE}\nfunc init() { forge() }\n\nfunc Slug(t string) string { return t }\n`,
      ),
    );
    expect(before).toMatchObject({ status: 'failed', passed: 0, failed: 5 });
  }, 120_000);

  it('an exit 0 inside a test, after printing passing results, is a failure', async () => {
    const inside = await run(
      GO_PROJECT,
      edit(
        GO_PROJECT,
        'slug.go',
        `${GO_FORGE}\nfunc Slug(t string) string { forge(); return t }\n`,
      ),
    );
    expect(inside).toMatchObject({ status: 'failed', passed: 0, failed: 5 });
  }, 120_000);

  it('tests of every package run (go test ./...), held to the template list', async () => {
    const words = {
      path: 'words/words.go',
      content:
        'package words\n\nimport "strings"\n\nfunc Count(s string) int { return len(strings.Fields(s)) - 1 }\n',
    };
    const wordsTest = {
      path: 'words/words_test.go',
      content:
        'package words\n\nimport "testing"\n\nfunc TestCount(t *testing.T) {\n\tif got := Count("two words"); got != 2 {\n\t\tt.Fatalf("Count = %d", got)\n\t}\n}\n',
    };
    const project = { ...GO_PROJECT, files: [...GO_PROJECT.files, words, wordsTest] };
    const slugFixed = edit(project, 'slug.go', SLUG_FIXED);
    const failing = await run(project, slugFixed);
    expect(failing).toMatchObject({ status: 'failed', passed: 5, failed: 1 });
    expect(failing.failures.map((f) => f.name).join(' ')).toContain('TestCount');
    const fixed = slugFixed.map((f) =>
      f.path === 'words/words.go' ? { ...f, content: f.content.replace(' - 1', '') } : f,
    );
    expect(await run(project, fixed)).toMatchObject({ status: 'passed', passed: 6, failed: 0 });
  }, 180_000);
});

const JAVA_FORGE = `
    static void forge() {
        try {
            StringBuilder cases = new StringBuilder();
            try (java.nio.file.DirectoryStream<java.nio.file.Path> ds =
                    java.nio.file.Files.newDirectoryStream(java.nio.file.Paths.get("/work"), "*Test.java")) {
                for (java.nio.file.Path p : ds) {
                    String src = java.nio.file.Files.readString(p);
                    String cls = p.getFileName().toString().replace(".java", "");
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("void (\\\\w+)\\\\(\\\\)").matcher(src);
                    while (m.find()) cases.append("<testcase name=\\"" + m.group(1) + "()\\" classname=\\"" + cls + "\\" time=\\"0\\"/>");
                }
            }
            java.nio.file.Files.writeString(java.nio.file.Paths.get("/report/TEST-junit-jupiter.xml"),
                "<testsuite name=\\"JUnit Jupiter\\">" + cases + "</testsuite>");
            System.out.println("[" + cases.toString().split("<testcase").length + " tests successful ]");
        } catch (Exception e) {}
    }
`;

describe.skipIf(skipReason('java') !== null)(
  'Java: the verdict cannot be forged in-process',
  () => {
    const original = JAVA_PROJECT.files[0]?.content ?? '';
    it('an exit 0 inside a test, after forging the report, is a failure', async () => {
      const inside = await run(
        JAVA_PROJECT,
        edit(
          JAVA_PROJECT,
          'Invoice.java',
          original.replace(
            'public class Invoice {',
            `public class Invoice {\n${JAVA_FORGE}\n    static { forge(); Runtime.getRuntime().halt(0); }\n`,
          ),
        ),
      );
      expect(inside).toMatchObject({ status: 'failed', passed: 0, failed: 6 });
    }, 120_000);

    it('a report rewritten by a shutdown hook scores no passes', async () => {
      const hook = await run(
        JAVA_PROJECT,
        edit(
          JAVA_PROJECT,
          'Invoice.java',
          original.replace(
            'public class Invoice {',
            `public class Invoice {\n${JAVA_FORGE}\n    static { Runtime.getRuntime().addShutdownHook(new Thread(Invoice::forge)); }\n`,
          ),
        ),
      );
      expect(hook, hook.output.slice(-4000)).toMatchObject({
        status: 'failed',
        passed: 3,
        failed: 3,
      });
    }, 180_000);
  },
);

describe('the harness result lines (fd 4)', () => {
  const key = newHarnessKey();
  const sign = (json: string) => signResultLine(key, json);

  it('counts only signed lines before the first done line', () => {
    const text = [
      sign(
        '{"path":["test_fees","pytest","test_a"],"outcome":"failed","message":"assert 0 == 75"}',
      ),
      'not json',
      // Written by the code under test: no key, or another key.
      '{"path":["test_fees","pytest","test_b"],"outcome":"passed"}',
      signResultLine(
        newHarnessKey(),
        '{"path":["test_fees","pytest","test_c"],"outcome":"passed"}',
      ),
      `${'0'.repeat(64)} {"done":true,"ok":true}`,
      sign('{"done":true,"ok":false}'),
      sign('{"path":["test_fees","pytest","test_a"],"outcome":"passed"}'),
      sign('{"done":true,"ok":true}'),
    ].join('\n');
    const parsed = parseResultRecords(text, key);
    expect(parsed.done).toEqual({ ok: false });
    expect(parsed.forged).toBe(4);
    expect(parsed.cases).toEqual([
      {
        path: ['test_fees', 'pytest', 'test_a'],
        outcome: 'failed',
        failure: { name: 'test_a', message: 'assert 0 == 75' },
      },
    ]);
  });

  it('a signed line changed after signing does not count', () => {
    const line = sign('{"done":true,"ok":false}').replace('"ok":false', '"ok":true');
    expect(parseResultRecords(line, key)).toMatchObject({ done: null, forged: 1 });
  });

  it('an exit 0 without the done line fails and keeps only failures', () => {
    const result = { code: 0, signal: null } as PassResult;
    const cases = [
      { path: ['a'], outcome: 'passed' as const },
      { path: ['b'], outcome: 'failed' as const, failure: { name: 'b', message: 'x' } },
    ];
    const guarded = guardEarlyExit(result, cases, null, 'hidden tests');
    expect(result.code).toBe(1);
    expect(guarded.cases.map((c) => c.path[0])).toEqual(['b']);
    expect(guarded.note).toContain('before the test framework finished');
    const failedButZero = { code: 0, signal: null } as PassResult;
    guardEarlyExit(failedButZero, cases, { ok: false }, 'tests');
    expect(failedButZero.code).toBe(1);
    const honest = { code: 0, signal: null } as PassResult;
    expect(guardEarlyExit(honest, cases, { ok: true }, 'tests').cases).toHaveLength(2);
    expect(honest.code).toBe(0);
  });

  it('any unsigned line before the done line fails the step and drops its passes', () => {
    // As left by code that tries keys found in memory, one signed done line per guess.
    const text = [
      sign('{"path":["test_fees","pytest","test_a"],"outcome":"passed"}'),
      signResultLine(newHarnessKey(), '{"done":true,"ok":true}'),
      sign('{"done":true,"ok":true}'),
    ].join('\n');
    const parsed = parseResultRecords(text, key);
    expect(parsed).toMatchObject({ done: { ok: true }, forged: 1 });
    const result = { code: 0, signal: null } as PassResult;
    const guarded = guardEarlyExit(result, parsed.cases, parsed.done, 'tests', parsed.forged);
    expect(result.code).toBe(1);
    expect(guarded.cases).toEqual([]);
    expect(guarded.note).toContain('not written by the grader');
  });

  it('a Go TestMain that never ran the tests keeps only failures', () => {
    const result = { code: 1, signal: null } as PassResult;
    const cases = [{ path: ['TestA'], outcome: 'passed' as const }];
    const guarded = guardEarlyExit(result, cases, { ok: false, ran: false }, 'tests');
    expect(guarded.cases).toEqual([]);
    expect(guarded.note).toContain('did not run the tests');
  });
});
