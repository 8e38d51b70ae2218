/**
 * Scripts the sandbox runs from /grader (read-only, owned by root on the
 * host). Plain CommonJS strings, written to the staging folder at start.
 */

/**
 * The compile step, inside the sandbox and the run's limits: every file of
 * /src to /build, TypeScript transformed by esbuild to CommonJS (esbuild only
 * parses: nothing of the candidate's runs). Compile errors go to stdout as
 * one JSON line; esbuild's own crash or a kill by the limits shows in the
 * exit status.
 */
export const COMPILE_SCRIPT = `'use strict';
const fs = require('node:fs'), path = require('node:path');
const esbuild = require('/esbuild/lib/main.js');
const TS = /\\.(ts|tsx|mts|cts)$/;
function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out); else if (e.isFile()) out.push(p);
  }
  return out;
}
(async () => {
  const errors = [];
  let hasTs = false;
  for (const file of walk('/src', [])) {
    const rel = path.relative('/src', file);
    const content = fs.readFileSync(file, 'utf8');
    let outPath = rel, out = content;
    if (TS.test(rel) && !rel.endsWith('.d.ts')) {
      hasTs = true;
      outPath = rel.replace(TS, '.js');
      try {
        out = (await esbuild.transform(content, { loader: rel.endsWith('x') ? 'tsx' : 'ts', format: 'cjs', target: 'node20', sourcefile: rel, sourcemap: 'inline' })).code;
      } catch (error) {
        const list = (error && error.errors) || [];
        for (const e of list.slice(0, 10)) errors.push({ file: rel, line: e.location ? e.location.line : null, column: e.location ? e.location.column : null, text: String(e.text) });
        if (list.length === 0) errors.push({ file: rel, line: null, column: null, text: String(error && error.message || error) });
        continue;
      }
    } else if (fs.existsSync(path.join('/build', rel))) {
      continue; // a .js file loses to the compiled .ts of the same name
    }
    fs.mkdirSync(path.dirname(path.join('/build', outPath)), { recursive: true });
    fs.writeFileSync(path.join('/build', outPath), out);
  }
  if (hasTs && !fs.existsSync('/build/package.json')) fs.writeFileSync('/build/package.json', '{"type":"commonjs"}\\n');
  process.stdout.write(JSON.stringify({ errors }) + '\\n');
  esbuild.stop();
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(2); });
`;

/**
 * Loaded (--require) into every process of the hidden-test pass before any
 * test or candidate code: it freezes what the hidden tests rely on (node:test,
 * node:assert and their functions; their insides use node's primordials,
 * copies of the built-ins taken before any user code, so patching
 * Array.prototype and the like does not reach them),
 * and in the test-file processes it makes an early exit count as a failure:
 * process.exit / reallyExit with 0 before the tests finished exits 70, and a
 * non-zero exit code cannot be set back to 0. The inspector (which could
 * reach any closure) is refused to CommonJS and ESM loads alike.
 */
export const PRELOAD_SCRIPT = `'use strict';
const Module = require('node:module');
const freezeDeep = (value, seen = new Set()) => {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d && 'value' in d) freezeDeep(d.value, seen);
  }
  Object.freeze(value);
};
for (const name of ['node:test', 'node:assert', 'node:assert/strict']) freezeDeep(require(name));
const blocked = new Set(['inspector', 'node:inspector', 'inspector/promises', 'node:inspector/promises', 'v8', 'node:v8']);
const load = Module._load;
Object.defineProperty(Module, '_load', {
  value: function (request, parent, isMain) {
    if (blocked.has(request)) throw new Error('Not available in hidden-test runs: ' + request);
    return load.call(this, request, parent, isMain);
  },
  writable: false,
  configurable: false,
});
if (Module.register) {
  try {
    Module.register('data:text/javascript,' + encodeURIComponent(
      'const b = new Set(' + JSON.stringify([...blocked]) + ');' +
      'export async function resolve(s, c, next) { if (b.has(s)) throw new Error("Not available in hidden-test runs: " + s); return next(s, c); }'));
  } catch {}
}
if (process.env.NODE_TEST_CONTEXT) {
  const exit = process.reallyExit;
  const guard = (code) => exit.call(process, code === 0 || code === undefined ? 70 : code);
  Object.defineProperty(process, 'reallyExit', { value: guard, writable: false, configurable: false });
  Object.defineProperty(process, 'exit', { value: (code) => guard(code === undefined ? process.exitCode : code), writable: false, configurable: false });
  const d = Object.getOwnPropertyDescriptor(process, 'exitCode');
  if (d && d.configurable && d.get && d.set) {
    Object.defineProperty(process, 'exitCode', {
      get: d.get,
      set(v) { const now = d.get.call(process); if (now && (v === 0 || v === undefined)) return; d.set.call(process, v); },
      enumerable: d.enumerable,
      configurable: false,
    });
  }
}
`;

/**
 * The harnesses of Python, Go and Java runs write their results as lines to
 * file descriptor 4, a pipe to the server (an append-only stream: what was
 * written cannot be taken back), ending with one `{"done":true,"ok":…}` line
 * once the framework has run every test. A pass that exits 0 without that
 * line ended early (os._exit, Runtime.halt, syscall.Exit): its passes do not
 * count (docs/decisions/010).
 *
 * Each line is `<HMAC-SHA256 of the JSON, hex> <JSON>` under a key made for
 * the step: Python's and Java's harnesses read it from fd 5 (KEY_FD) and
 * close it before any of the candidate's code is loaded; Go's is compiled
 * into the test binary (root's, execute-only), whose harness source is
 * removed before the tests run. The server ignores a line whose MAC does not
 * match, so lines written to fd 4 by the code under test count for nothing.
 */
export const RESULT_FD = 4;
export const KEY_FD = 5;
/** Result lines a harness writes at most (then only the done line), and how many keep their failure message (50 are shown). */
export const MAX_RESULT_LINES = 50_000;
const FULL_MESSAGE_LINES = 2_000;
/** What the server keeps of a result pipe: MAX_RESULT_LINES short lines and FULL_MESSAGE_LINES long ones fit. */
export const RESULT_PIPE_CAP = 20 * 1024 * 1024;

/**
 * Runs pytest with a plugin object (not a module on sys.path, which a file of
 * the candidate's could shadow) that reports each test's outcome, with
 * pytest's own JUnit names, and the session's end. The key is read (and fd 5
 * closed) and the functions that write and sign are bound before pytest, the
 * project or its conftest is imported: patching os.write or hmac later does
 * not reach them.
 */
export const PYTEST_RUN_SCRIPT = `import os, sys
try:
    from _sha256 import sha256 as _sha256  # built in (no OpenSSL in the sandbox); a C type, not patchable
except ImportError:
    from _sha2 import sha256 as _sha256


def _run():
    # Nothing of the harness is left in __main__'s globals: it lives in this function's closures.
    chunks = []
    try:
        while True:
            chunk = os.read(${KEY_FD}, 4096)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError:
        pass
    try:
        os.close(${KEY_FD})
    except OSError:
        pass
    key = b"".join(chunks).strip()
    if len(key) > 64:
        key = _sha256(key).digest()
    key = key.ljust(64, b"\\0")
    inner = bytes(b ^ 0x36 for b in key)
    outer = bytes(b ^ 0x5C for b in key)
    del key, chunks
    write = os.write
    sha256 = _sha256

    def sign_and_write(text):
        body = text.encode()
        mac = sha256(outer + sha256(inner + body).digest()).hexdigest()
        data = (mac + " " + text + "\\n").encode()
        try:
            while data:
                data = data[write(${RESULT_FD}, data):]
        except OSError:
            pass

    import json
    import pytest
    from _pytest.junitxml import mangle_test_address

    state = {"done": False, "lines": 0}

    def send(record):
        if state["done"]:
            return
        # Bounded whatever the number of tests, so the done line always fits the server's cap.
        if "done" not in record:
            state["lines"] += 1
            if state["lines"] > ${MAX_RESULT_LINES}:
                return
            if state["lines"] > ${FULL_MESSAGE_LINES}:
                record["message"] = ""
        sign_and_write(json.dumps(record))

    def path_of(nodeid):
        names = mangle_test_address(nodeid)
        return [".".join(names[:-1]), "pytest", names[-1]]

    class TalentForgeGrader:
        def pytest_collectreport(self, report):
            if report.failed:
                send({"path": path_of(report.nodeid or "collection"), "outcome": "failed", "message": report.longreprtext[-2000:]})

        def pytest_runtest_logreport(self, report):
            if report.when != "call" and report.outcome == "passed":
                return
            send({"path": path_of(report.nodeid), "outcome": report.outcome, "message": report.longreprtext[-2000:] if report.failed else ""})

        def pytest_sessionfinish(self, session, exitstatus):
            send({"done": True, "ok": int(exitstatus) == 0})
            state["done"] = True

    # As with python -m pytest, the project's root is importable (after the grader's own modules are loaded).
    sys.path.insert(0, "/work")
    return int(pytest.main(sys.argv[1:], plugins=[TalentForgeGrader()]))


sys.exit(_run())
`;

/** Java class of the JUnit listener (compiled with the project; registered through ServiceLoader). */
export const JAVA_LISTENER_CLASS = 'talentforge.grader.TalentForgeListener';

/**
 * A JUnit Platform listener: each test's outcome as [class, legacy name] (the
 * names of JUnit's XML report) and the plan's end. fd 4 is opened through
 * FileDescriptor's private constructor (the JVM runs with java.io opened for
 * it): a socket cannot be opened by its /proc path.
 */
export const JAVA_LISTENER_SOURCE = `package talentforge.grader;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

public final class TalentForgeListener implements TestExecutionListener {
    private FileOutputStream out;
    private TestPlan plan;
    private boolean failed;
    private int tests;
    private boolean done;

    private Mac mac;

    // Created by the launcher before any test class is loaded: the key is read and fd 5 closed
    // before the candidate's code runs.
    public TalentForgeListener() {
        try {
            Constructor<FileDescriptor> c = FileDescriptor.class.getDeclaredConstructor(int.class);
            c.setAccessible(true);
            // A plain read loop: FileInputStream.readAllBytes seeks, which a socket refuses.
            java.io.ByteArrayOutputStream read = new java.io.ByteArrayOutputStream();
            try (FileInputStream in = new FileInputStream(c.newInstance(${KEY_FD}))) {
                byte[] buffer = new byte[256];
                for (int n; (n = in.read(buffer)) > 0; ) read.write(buffer, 0, n);
            }
            byte[] key = read.toString(StandardCharsets.US_ASCII).trim().getBytes(StandardCharsets.US_ASCII);
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            out = new FileOutputStream(c.newInstance(${RESULT_FD}));
        } catch (Exception e) {
            out = null;
        }
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\\"");
        int n = Math.min(s.length(), 2000);
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\\\') b.append('\\\\').append(ch);
            else if (ch < 0x20) b.append(String.format("\\\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }

    private synchronized void send(String json) {
        if (out == null || done) return;
        try {
            byte[] text = json.getBytes(StandardCharsets.UTF_8);
            StringBuilder hex = new StringBuilder();
            for (byte b : mac.doFinal(text)) hex.append(String.format("%02x", b & 0xff));
            out.write((hex + " " + json + "\\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (Exception e) {
            // the server stopped reading: nothing to do
        }
    }

    private String className(TestIdentifier id) {
        TestIdentifier current = id;
        while (current != null) {
            Optional<TestSource> source = current.getSource();
            if (source.isPresent() && source.get() instanceof MethodSource) return ((MethodSource) source.get()).getClassName();
            if (source.isPresent() && source.get() instanceof ClassSource) return ((ClassSource) source.get()).getClassName();
            Optional<String> parent = current.getParentId();
            current = parent.isPresent() && plan != null ? plan.getTestIdentifier(parent.get()) : null;
        }
        return "";
    }

    private int lines;

    private void record(TestIdentifier id, String outcome, String message) {
        // Bounded whatever the number of tests, so the done line always fits the server's cap.
        if (++lines > ${MAX_RESULT_LINES}) return;
        if (lines > ${FULL_MESSAGE_LINES}) message = "";
        send("{\\"path\\":[" + quote(className(id)) + "," + quote(id.getLegacyReportingName()) + "],\\"outcome\\":\\"" + outcome + "\\",\\"message\\":" + quote(message) + "}");
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        if (!id.isTest()) return;
        tests++;
        record(id, "skipped", "");
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        TestExecutionResult.Status status = result.getStatus();
        if (status == TestExecutionResult.Status.FAILED) failed = true;
        if (!id.isTest()) return;
        tests++;
        if (status == TestExecutionResult.Status.SUCCESSFUL) record(id, "passed", "");
        else if (status == TestExecutionResult.Status.ABORTED) record(id, "skipped", "");
        else record(id, "failed", result.getThrowable().map(Throwable::toString).orElse("Test failed"));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        send("{\\"done\\":true,\\"ok\\":" + (!failed && tests > 0) + "}");
        done = true;
    }
}
`;

/** The file added to each Go package under test (removed from the tree once the test binary is built). */
export const GO_TESTMAIN_FILE = 'zz_talentforge_grader_test.go';

export interface GoHarness {
  /** The package clause of the harness file (that of the test file whose TestMain it wraps, if any). */
  packageName: string;
  /** The step's HMAC key (hex), compiled into the binary. */
  key: string;
  /** A random suffix for the harness's names, so no code written beforehand can call them. */
  suffix: string;
  /** The package's own TestMain was renamed to `talentforge_<suffix>_main` (and its os.Exit calls to `talentforge_<suffix>_exit`). */
  wrapsOwnMain: boolean;
}

/**
 * The grader's TestMain. It always owns the package's TestMain: a TestMain of
 * the package's own test files (the template's or the candidate's) is renamed
 * in the sandbox's copy and called from this one, its os.Exit turned into a
 * panic this one recovers. The done line says whether the tests ran (m.Run
 * was called: testing.M's own numRun) and passed (testing.M's own exitCode,
 * not what the wrapped TestMain asked to exit with), signed with a key that
 * is only in the binary.
 */
export function goTestMain(h: GoHarness): string {
  const n = (name: string) => `talentforge_${h.suffix}_${name}`;
  const wrapped = h.wrapsOwnMain
    ? `
type ${n('exitCode')} int

func ${n('exit')}(code int) { panic(${n('exitCode')}(code)) }

func ${n('call')}(m *tftesting.M) (code int) {
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(${n('exitCode')})
			if !ok {
				panic(r)
			}
			code = int(c)
		}
	}()
	${n('main')}(m)
	return 0
}
`
    : '';
  const call = h.wrapsOwnMain ? `${n('call')}(m)` : 'm.Run()';
  return `package ${h.packageName}

import (
	tfhmac "crypto/hmac"
	tfsha256 "crypto/sha256"
	tfhex "encoding/hex"
	tfos "os"
	tfreflect "reflect"
	tftesting "testing"
)
${wrapped}
func ${n('done')}(ok, ran bool) {
	line := "{\\"done\\":true,\\"ok\\":false,\\"ran\\":false}"
	if ok {
		line = "{\\"done\\":true,\\"ok\\":true,\\"ran\\":true}"
	} else if ran {
		line = "{\\"done\\":true,\\"ok\\":false,\\"ran\\":true}"
	}
	mac := tfhmac.New(tfsha256.New, []byte("${h.key}"))
	mac.Write([]byte(line))
	tfos.NewFile(${RESULT_FD}, "results").Write([]byte(tfhex.EncodeToString(mac.Sum(nil)) + " " + line + "\\n"))
}

func TestMain(m *tftesting.M) {
	code := ${call}
	state := tfreflect.ValueOf(m).Elem()
	ran := state.FieldByName("numRun").Int() > 0
	runCode := int(state.FieldByName("exitCode").Int())
	ok := ran && runCode == 0 && code == 0
	${n('done')}(ok, ran)
	if code == 0 {
		code = runCode
	}
	if !ok && code == 0 {
		code = 1
	}
	tfos.Exit(code)
}
`;
}
