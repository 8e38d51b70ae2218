import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sandboxSettings } from '../env';
import {
  COMPILE_SCRIPT,
  JAVA_LISTENER_SOURCE,
  PRELOAD_SCRIPT,
  PYTEST_RUN_SCRIPT,
} from './grader-scripts';
import { seccompFilter } from './seccomp';

/**
 * Staging folders on the host: the root is root's, 0711 (nobody may enter a
 * run's folder by its random name, never list them). /grader holds the
 * scripts, esbuild and an execute-only copy of node.
 */
export function stagingRoot(): string {
  return sandboxSettings().stagingDir;
}

/**
 * A run's files under `root`, root's and read-only to the sandbox (folders 0755, files
 * 0644); a path that would leave `root` is skipped.
 */
export async function writeStagedFiles(
  root: string,
  files: { path: string; content: string }[],
): Promise<void> {
  // The modes are set explicitly as well: mkdir's and writeFile's are masked by the
  // process's umask, and under a unit's UMask=0077 the sandbox's user (nobody) could read
  // none of the files it is to run.
  await mkdir(root, { recursive: true, mode: 0o755 });
  await chmod(root, 0o755);
  const folders = new Set<string>();
  for (const file of files) {
    const target = path.join(root, file.path);
    if (!target.startsWith(`${root}/`)) continue;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
    await writeFile(target, file.content, { mode: 0o644 });
    await chmod(target, 0o644);
    for (let dir = path.dirname(target); dir !== root; dir = path.dirname(dir)) folders.add(dir);
  }
  for (const dir of folders) await chmod(dir, 0o755);
}

export interface Grader {
  dir: string;
  /** The compiled seccomp program, opened read-only for each sandbox (bwrap reads it from fd 3). */
  seccomp: string;
  /** The node binary the test runner runs from: mode 0111, so every process of a pass is not dumpable. */
  node: string;
  esbuildLib: string;
  esbuildBinary: string;
}

let grader: Grader | undefined;

function ensureDir(dir: string, mode: number) {
  mkdirSync(dir, { recursive: true, mode });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.isSymbolicLink()) throw new Error(`${dir} is not a folder`);
  if (stat.uid !== 0) chownSync(dir, 0, 0);
  chmodSync(dir, mode);
}

/** Writes the grader folder once per process (the node copy once per node version). */
export function prepareGrader(): Grader {
  if (grader) return grader;
  const root = stagingRoot();
  ensureDir(root, 0o711);
  // One folder per version of the scripts: servers of another version sharing the staging
  // folder (a rolling restart, another checkout's tests) never overwrite the scripts a run uses.
  const version = createHash('sha256')
    .update([COMPILE_SCRIPT, PRELOAD_SCRIPT, PYTEST_RUN_SCRIPT, JAVA_LISTENER_SOURCE].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(root, `grader-${version}`);
  ensureDir(dir, 0o755);
  // The execute-only node copy is made once per node version (about 100 MB) and hard-linked in.
  const nodeDir = path.join(root, 'node');
  ensureDir(nodeDir, 0o755);
  const node = process.execPath;
  const stat = statSync(node);
  const name = `node-${stat.size}-${Math.floor(stat.mtimeMs)}`;
  const shared = path.join(nodeDir, name);
  if (!existsSync(shared) || (statSync(shared).mode & 0o777) !== 0o111) {
    const temp = `${shared}.${process.pid}.tmp`;
    copyFileSync(node, temp);
    chmodSync(temp, 0o111);
    renameSync(temp, shared);
  }
  const copy = path.join(dir, name);
  if (!existsSync(copy) || statSync(copy).ino !== statSync(shared).ino) {
    const temp = `${copy}.${process.pid}.tmp`;
    try {
      linkSync(shared, temp);
    } catch {
      copyFileSync(shared, temp);
      chmodSync(temp, 0o111);
    }
    renameSync(temp, copy);
  }
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, text, { mode: 0o644 });
    renameSync(temp, file);
  };
  const filter = seccompFilter();
  if (!filter.ok) throw new Error(filter.reason);
  const seccomp = path.join(dir, 'seccomp.bpf');
  writeFileSync(`${seccomp}.${process.pid}.tmp`, filter.bpf, { mode: 0o644 });
  renameSync(`${seccomp}.${process.pid}.tmp`, seccomp);
  write('compile.cjs', COMPILE_SCRIPT);
  write('preload.cjs', PRELOAD_SCRIPT);
  write('pytest_run.py', PYTEST_RUN_SCRIPT);
  ensureDir(path.join(dir, 'java'), 0o755);
  write('java/TalentForgeListener.java', JAVA_LISTENER_SOURCE);
  const require = createRequire(import.meta.url);
  const esbuildMain = require.resolve('esbuild');
  const esbuildLib = path.dirname(path.dirname(esbuildMain));
  const arch = process.arch === 'x64' ? 'x64' : process.arch;
  const esbuildBinary = createRequire(esbuildMain).resolve(
    `@esbuild/${process.platform}-${arch}/bin/esbuild`,
  );
  grader = { dir, seccomp, node: copy, esbuildLib, esbuildBinary };
  return grader;
}
