import { describe, expect, it } from 'vitest';
import type { SampleProject } from '../../domain/assessments';
import { GO_PROJECT, JAVA_PROJECT, PYTHON_PROJECT } from '../../domain/language-starter-projects';
import type { TestLanguage } from '../../domain/test-runs';
import { toolchainMissing } from './languages';
import { DEFAULT_LIMITS, detectSandbox, runInSandbox, type SandboxFile } from './runner';

/*
 * Forging a verdict against the grader's own harness (docs/decisions/010, "Forging against the
 * harness"): code under test that knows the harness writes its results to fd 4 writes passing
 * lines there itself, or a Go test file brings its own TestMain (which used to take the harness
 * out of the package). Each attack below reads the template's test names from the files, as an
 * attacker would, and every one of them read "passed" before the harness authenticated its
 * lines and always owned Go's TestMain.
 */

const sandbox = detectSandbox();

function skipReason(language: TestLanguage): string | null {
  if (!sandbox.available) return sandbox.reason;
  return toolchainMissing(language);
}
for (const language of ['python', 'go', 'java'] as const) {
  const reason = skipReason(language);
  if (reason) console.warn(`SKIPPED ${language} forging tests: ${reason}`);
}

const LIMITS = { ...DEFAULT_LIMITS, wallMs: 40_000 };

const filesOf = (project: SampleProject): SandboxFile[] => [
  ...project.files,
  ...(project.hiddenFiles ?? []).map((f) => ({ ...f, hidden: true })),
];

function edit(project: SampleProject, changes: Record<string, string>): SandboxFile[] {
  const files = filesOf(project).map((f) =>
    f.path in changes ? { ...f, content: changes[f.path] ?? '' } : f,
  );
  for (const [path, content] of Object.entries(changes)) {
    if (!files.some((f) => f.path === path)) files.push({ path, content });
  }
  return files;
}

const run = (project: SampleProject, files: SandboxFile[]) =>
  runInSandbox(files, LIMITS, {
    reference: filesOf(project),
    language: project.runner as TestLanguage,
  });

// --- Go -----------------------------------------------------------------------------------

/** The Go starter without its hidden tests: the visible pass alone decides the verdict. */
const GO_VISIBLE: SampleProject = { ...GO_PROJECT, hiddenFiles: [] };

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

/** Prints a passing go test line for every test of the package's test files. */
const GO_PRINT_PASSES = `func printPasses() {
	files, _ := filepath.Glob("/work/*_test.go")
	re := regexp.MustCompile(\`(?m)^func (Test\\w+)\\(t \\*testing\`)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			fmt.Printf("=== RUN   %s\\n--- PASS: %s (0.00s)\\n", m[1], m[1])
		}
	}
	fmt.Println("PASS")
}
`;

const GO_OWN_TESTMAIN_FORGING = `package blog

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

${GO_PRINT_PASSES}
func TestMain(m *testing.M) {
	printPasses()
	os.Exit(0)
}
`;

const GO_OWN_TESTMAIN_HONEST = `package blog

import (
	"os"
	"testing"
)

var ready bool

func TestMain(m *testing.M) {
	ready = true
	code := m.Run()
	ready = false
	os.Exit(code)
}

func TestReady(t *testing.T) {
	if !ready {
		t.Fatal("TestMain's setup did not run")
	}
}
`;

/** A template whose visible test file has its own TestMain (setup the tests rely on). */
const GO_TEMPLATE_TESTMAIN: SampleProject = {
  ...GO_VISIBLE,
  files: GO_PROJECT.files.map((f) =>
    f.path === 'slug_test.go'
      ? {
          ...f,
          content: `${f.content.replace('import "testing"', 'import (\n\t"os"\n\t"testing"\n)')}
var mainRan bool

func TestMain(m *testing.M) {
	mainRan = true
	os.Exit(m.Run())
}

func TestMainRan(t *testing.T) {
	if !mainRan {
		t.Fatal("the template's TestMain did not run")
	}
}
`,
        }
      : f,
  ),
};

/** Candidate code: passing lines on stdout, then exit 0 from init, before any test ran. */
const slugExitingEarly = (extra: string) => `package blog

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
)

${GO_PRINT_PASSES}
func init() {
	printPasses()
	${extra}
	syscall.Exit(0)
}

func Slug(t string) string { return t }
`;

describe.skipIf(skipReason('go') !== null)('Go: the harness always owns TestMain', () => {
  it("a candidate's own TestMain that prints passes and exits 0 is a failure", async () => {
    const result = await run(
      GO_VISIBLE,
      edit(GO_VISIBLE, { 'slug.go': SLUG_FIXED, 'main_test.go': GO_OWN_TESTMAIN_FORGING }),
    );
    expect(result).toMatchObject({ status: 'failed', passed: 0, failed: 2 });
    expect(result.output).toContain('did not run the tests');
  }, 120_000);

  it("control: a candidate's honest TestMain still runs around the tests", async () => {
    const fixed = await run(
      GO_VISIBLE,
      edit(GO_VISIBLE, { 'slug.go': SLUG_FIXED, 'main_test.go': GO_OWN_TESTMAIN_HONEST }),
    );
    expect(fixed.failures).toEqual([]);
    expect(fixed).toMatchObject({ status: 'passed', passed: 2, failed: 0 });
    const unfixed = await run(
      GO_VISIBLE,
      edit(GO_VISIBLE, { 'main_test.go': GO_OWN_TESTMAIN_HONEST }),
    );
    expect(unfixed).toMatchObject({ status: 'failed', passed: 0, failed: 2 });
  }, 180_000);

  it("a template's own TestMain runs, and no longer lets code exit 0 before the tests", async () => {
    const fixed = await run(
      GO_TEMPLATE_TESTMAIN,
      edit(GO_TEMPLATE_TESTMAIN, { 'slug.go': SLUG_FIXED }),
    );
    expect(fixed.failures).toEqual([]);
    expect(fixed).toMatchObject({ status: 'passed', passed: 3, failed: 0 });
    const forged = await run(
      GO_TEMPLATE_TESTMAIN,
      edit(GO_TEMPLATE_TESTMAIN, { 'slug.go': slugExitingEarly('') }),
    );
    expect(forged).toMatchObject({ status: 'failed', passed: 0, failed: 3 });
  }, 180_000);

  it("a done line written to the harness's pipe without its key is ignored", async () => {
    const forged = await run(
      GO_PROJECT,
      edit(GO_PROJECT, {
        'slug.go': slugExitingEarly(
          'os.NewFile(4, "results").Write([]byte("{\\"done\\":true,\\"ok\\":true}\\n"))',
        ),
      }),
    );
    expect(forged).toMatchObject({ status: 'failed', passed: 0, failed: 5 });
  }, 120_000);
});

// --- Python -------------------------------------------------------------------------------

const PY_WRITE_PASSES = `import glob, json, os, re
from _pytest.junitxml import mangle_test_address
lines = []
for f in sorted(glob.glob("/work/**/*.py", recursive=True)):
    base = os.path.basename(f)
    if not (base.startswith("test_") or base.endswith("_test.py")):
        continue
    rel = os.path.relpath(f, "/work")
    for name in re.findall(r"^def (test_\\w+)", open(f).read(), re.M):
        names = mangle_test_address(rel + "::" + name)
        lines.append({"path": [".".join(names[:-1]), "pytest", names[-1]], "outcome": "passed", "message": ""})
# An attacker who knows the protocol takes the key from fd 5 if it is still open (it is not).
try:
    key = os.read(5, 4096).strip()
except OSError:
    key = b""
import hmac, hashlib
def sign(text):
    return (hmac.new(key, text.encode(), hashlib.sha256).hexdigest() + " " if key else "") + text + "\\n"
data = "".join(sign(json.dumps(l)) for l in lines) + sign(json.dumps({"done": True, "ok": True}))
os.write(4, data.encode())
os._exit(0)
`;

describe.skipIf(skipReason('python') !== null)(
  "Python: lines written to the harness's pipe without its key are ignored",
  () => {
    it('passing lines and a done line written at import, then exit 0, are a failure', async () => {
      const result = await run(
        PYTHON_PROJECT,
        edit(PYTHON_PROJECT, { 'fees.py': PY_WRITE_PASSES }),
      );
      expect(result).toMatchObject({ status: 'failed', passed: 0, failed: 8 });
      expect(result.output).toContain('not written by the grader');
    }, 120_000);
  },
);

// --- Java ---------------------------------------------------------------------------------

const JAVA_WRITE_PASSES = `
    static {
        try {
            StringBuilder lines = new StringBuilder();
            try (java.nio.file.DirectoryStream<java.nio.file.Path> ds =
                    java.nio.file.Files.newDirectoryStream(java.nio.file.Paths.get("/work"), "*Test.java")) {
                for (java.nio.file.Path p : ds) {
                    String src = java.nio.file.Files.readString(p);
                    String cls = p.getFileName().toString().replace(".java", "");
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("void (\\\\w+)\\\\(\\\\)").matcher(src);
                    while (m.find()) lines.append("{\\"path\\":[\\"" + cls + "\\",\\"" + m.group(1) + "()\\"],\\"outcome\\":\\"passed\\",\\"message\\":\\"\\"}\\n");
                }
            }
            lines.append("{\\"done\\":true,\\"ok\\":true}\\n");
            java.lang.reflect.Constructor<java.io.FileDescriptor> c = java.io.FileDescriptor.class.getDeclaredConstructor(int.class);
            c.setAccessible(true);
            // An attacker who knows the protocol takes the key from fd 5 if it is still open (it is not).
            String signed = lines.toString();
            try (java.io.FileInputStream in = new java.io.FileInputStream(c.newInstance(5))) {
                byte[] buffer = new byte[256];
                int n = in.read(buffer);
                if (n > 0) {
                    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
                    mac.init(new javax.crypto.spec.SecretKeySpec(new String(buffer, 0, n).trim().getBytes(), "HmacSHA256"));
                    StringBuilder out = new StringBuilder();
                    for (String line : lines.toString().split("\\n")) {
                        StringBuilder hex = new StringBuilder();
                        for (byte b : mac.doFinal(line.getBytes())) hex.append(String.format("%02x", b & 0xff));
                        out.append(hex).append(' ').append(line).append('\\n');
                    }
                    signed = out.toString();
                }
            } catch (Exception e) {
                System.out.println("fd 5: " + e);
            }
            java.io.FileOutputStream out = new java.io.FileOutputStream(c.newInstance(4));
            out.write(signed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.flush();
        } catch (Exception e) {
            e.printStackTrace();
        }
        Runtime.getRuntime().halt(0);
    }
`;

describe.skipIf(skipReason('java') !== null)(
  "Java: lines written to the harness's pipe without its key are ignored",
  () => {
    it('passing lines and a done line written by a static initialiser, then halt(0), are a failure', async () => {
      const original = JAVA_PROJECT.files[0]?.content ?? '';
      const result = await run(
        JAVA_PROJECT,
        edit(JAVA_PROJECT, {
          'Invoice.java': original.replace(
            'public class Invoice {',
            `public class Invoice {\n${JAVA_WRITE_PASSES}`,
          ),
        }),
      );
      expect(result).toMatchObject({ status: 'failed', passed: 0, failed: 6 });
      expect(result.output).toContain('not written by the grader');
    }, 180_000);
  },
);
