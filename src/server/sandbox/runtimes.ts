import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * What of the host's filesystem a run sees: only what its language runtime
 * needs, read-only. Each runtime lists its binaries (their shared libraries
 * are found with ldd) and any extra folders (a standard library, say).
 *
 * Adding a language: add an entry here (e.g. python: binaries
 * ['/usr/bin/python3'], folders ['/usr/lib/python3.11']), then give the
 * language a driver (drivers/). Nothing else of /usr is visible.
 */
export interface RuntimeSpec {
  binaries: () => string[];
  folders: () => string[];
}

/** The folder a /usr/bin link leads into (/usr/bin/go -> /usr/lib/go-1.19/bin/go: /usr/lib/go-1.19), or null. */
function installRoot(binary: string, levels: number): string | null {
  try {
    let dir = realpathSync(binary);
    for (let i = 0; i < levels; i++) dir = path.dirname(dir);
    return dir;
  } catch {
    return null;
  }
}

/** Debian's python3 (not a pyenv or venv one: the sandbox sees only /usr), its standard library and pytest. */
export const PYTHON_BINARY = '/usr/bin/python3';
export const JUNIT_CONSOLE_JAR = '/usr/share/java/junit-platform-console-standalone.jar';

function pythonStdlib(): string[] {
  try {
    const real = realpathSync(PYTHON_BINARY); // /usr/bin/python3.11
    return [`/usr/lib/${path.basename(real)}`, '/usr/lib/python3/dist-packages'];
  } catch {
    return [];
  }
}

export const RUNTIMES = {
  node: {
    binaries: () => [process.execPath],
    folders: () => [],
  },
  python: {
    binaries: () => [PYTHON_BINARY],
    folders: pythonStdlib,
  },
  // The whole Go tree (compiler, linker, the precompiled standard library, test2json); no gcc: cgo is off.
  go: {
    binaries: () => {
      const root = installRoot('/usr/bin/go', 2);
      return root
        ? [path.join(root, 'bin/go'), path.join(root, 'pkg/tool/linux_amd64/compile')]
        : [];
    },
    folders: () => {
      const root = installRoot('/usr/bin/go', 2);
      // Debian links src, pkg/include and misc into /usr/share/go-1.x.
      const shared = root ? `/usr/share/${path.basename(root)}` : null;
      return root ? [root, ...(shared ? [shared] : [])] : [];
    },
  },
  // The JDK (java, javac and their libraries; its conf links into /etc/java-*) and JUnit's console launcher.
  java: {
    binaries: () => {
      const root = installRoot('/usr/bin/javac', 2);
      return root
        ? [
            path.join(root, 'bin/java'),
            path.join(root, 'bin/javac'),
            path.join(root, 'lib/server/libjvm.so'),
          ]
        : [];
    },
    folders: () => {
      const root = installRoot('/usr/bin/javac', 2);
      if (!root) return [];
      const etc = `/etc/${path.basename(root).replace(/-amd64$|-arm64$/, '')}`;
      return [root, etc, JUNIT_CONSOLE_JAR];
    },
  },
} satisfies Record<string, RuntimeSpec>;

/** Where each language's tools are (null when the server lacks them): see drivers/. */
export function toolchainPaths() {
  const go = installRoot('/usr/bin/go', 2);
  const jdk = installRoot('/usr/bin/javac', 2);
  return {
    python: PYTHON_BINARY,
    pytest: '/usr/lib/python3/dist-packages/pytest',
    go: go ? path.join(go, 'bin/go') : null,
    goRoot: go,
    test2json: go ? path.join(go, 'pkg/tool/linux_amd64/test2json') : null,
    java: jdk ? path.join(jdk, 'bin/java') : null,
    javac: jdk ? path.join(jdk, 'bin/javac') : null,
    junit: JUNIT_CONSOLE_JAR,
  };
}

export type RuntimeName = keyof typeof RUNTIMES;

/** The shared libraries (and the dynamic loader) a binary loads, as ldd reports them. */
function sharedLibraries(binary: string): string[] {
  const ldd = spawnSync('ldd', [binary], { env: {}, encoding: 'utf8', timeout: 10_000 });
  if (ldd.status !== 0) return []; // static binary ("not a dynamic executable")
  const found: string[] = [];
  for (const line of ldd.stdout.split('\n')) {
    const match = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
    if (match?.[1]) found.push(match[1]);
  }
  return found;
}

/**
 * bwrap arguments that make `target` exist inside the sandbox as on the host:
 * every symlink on the way (merged /usr: /lib -> usr/lib) is recreated as a
 * symlink and the final file or folder is bound read-only.
 */
function bindPath(target: string, args: string[], seen: Set<string>) {
  const parts = path.resolve(target).split('/').filter(Boolean);
  let current = '';
  for (let i = 0; i < parts.length; i++) {
    current = `${current}/${parts[i]}`;
    if (seen.has(current)) continue;
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(current);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) {
      seen.add(current);
      const link = readlinkSync(current);
      args.push('--symlink', link, current);
      // Follow the link: what it points to must be bound too.
      const rest = parts.slice(i + 1).join('/');
      const resolved = path.resolve(path.dirname(current), link);
      bindPath(rest ? path.join(resolved, rest) : resolved, args, seen);
      return;
    }
    if (i === parts.length - 1) {
      seen.add(current);
      args.push('--ro-bind', current, current);
    }
  }
}

const cache = new Map<RuntimeName, string[]>();

/** The bwrap mount arguments for one runtime (computed once per process). */
export function runtimeMounts(name: RuntimeName): string[] {
  const known = cache.get(name);
  if (known) return known;
  const spec: RuntimeSpec = RUNTIMES[name];
  const args: string[] = [];
  const seen = new Set<string>();
  const targets = new Set<string>();
  for (const binary of spec.binaries()) {
    if (!existsSync(binary)) continue;
    targets.add(binary);
    for (const lib of sharedLibraries(binary)) targets.add(lib);
  }
  for (const folder of spec.folders()) if (existsSync(folder)) targets.add(folder);
  for (const target of targets) {
    bindPath(target, args, seen);
    // A library reached through a symlink (libc.so.6 -> libc-2.36.so) needs its real file.
    try {
      const real = realpathSync(target);
      if (real !== target) bindPath(real, args, seen);
    } catch {}
  }
  cache.set(name, args);
  return args;
}
