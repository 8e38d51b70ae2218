import { describe, expect, it } from 'vitest';
import type { SampleProject } from '../../domain/assessments';
import { GO_PROJECT, JAVA_PROJECT, PYTHON_PROJECT } from '../../domain/language-starter-projects';
import type { TestLanguage } from '../../domain/test-runs';
import { toolchainMissing } from './languages';
import { DEFAULT_LIMITS, detectSandbox, runInSandbox, type SandboxFile } from './runner';

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

  it('a report rewritten by the code under test adds no passes; a loop times out; binary output is kept as text', async () => {
    const forged = `import atexit
def _forge():
    cases = "".join('<testcase classname="test_fees" name="forged%d"/>' % i for i in range(25))
    open("/report/report.xml", "w").write('<testsuites><testsuite name="pytest">' + cases + "</testsuite></testsuites>")
atexit.register(_forge)
${FEES_FIXED}`;
    const result = await run(PYTHON_PROJECT, edit(PYTHON_PROJECT, 'fees.py', forged));
    expect(result.passed + result.failed + result.skipped).toBe(8);
    expect(result.passed).toBe(0);
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
