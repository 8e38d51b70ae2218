import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SandboxMode } from '../../domain/integrations';
import { addressSpaceBytes, SANDBOX_UID, type SandboxLimits } from './limits';
import { type RuntimeName, runtimeMounts } from './runtimes';

/** The command line of one sandboxed process: prlimit, setpriv, then bubblewrap's arguments. */

export function findBinary(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/usr/local/bin']) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** prlimit (CPU, processes, file size, no core files; --as without a cgroup), then setpriv to nobody. */
export function outerCommand(limits: SandboxLimits, mode: SandboxMode): string[] {
  const args = [
    findBinary('prlimit') ?? 'prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--nproc=${limits.nprocForUid}`,
    `--fsize=${limits.tmpfsBytes}`,
    '--core=0',
    '--nofile=256',
  ];
  // Without a cgroup (operator's override), address space per process is the only memory cap.
  if (mode === 'no-cgroup-override') args.push(`--as=${addressSpaceBytes(limits)}`);
  args.push(
    '--',
    findBinary('setpriv') ?? 'setpriv',
    `--reuid=${SANDBOX_UID}`,
    `--regid=${SANDBOX_UID}`,
    '--clear-groups',
    '--no-new-privs',
    '--',
  );
  return args;
}

/** bwrap reads its arguments from stdin (fd 0) so /proc inside shows no host paths. */
export function bwrapPrefix(): string[] {
  return [findBinary('bwrap') ?? 'bwrap', '--args', '0'];
}

export function nulArgs(args: string[]): Buffer {
  return Buffer.from(`${args.join('\0')}\0`);
}

export interface PassMounts {
  /** --ro-bind / --bind triples for this pass (the files, the grader). */
  mounts: string[];
  env?: Record<string, string>;
  /** Whose files of /usr the pass sees (node unless said). */
  runtime?: RuntimeName;
  /** Give the pass a result pipe on fd 4 (RESULT_FD), read into PassResult.channel. */
  channel?: boolean;
  /** With a result pipe: the harness's key, written to fd 5 (KEY_FD) and closed (the harness reads it, then closes its end). */
  key?: string;
}

/**
 * The sandbox: new namespaces (no network), nobody without capabilities, the
 * seccomp filter on fd 3, only the runtime's files of /usr, the project
 * read-only at /work (the cwd), a small writable /tmp and /dev/shm.
 */
export function bwrapArgs(limits: SandboxLimits, pass: PassMounts): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    'sandbox',
    ...runtimeMounts(pass.runtime ?? 'node'),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.shmBytes),
    '--tmpfs',
    '/dev/shm',
    // bwrap's /dev is a tmpfs of its own: read-only, so only /dev/shm (capped) takes files.
    '--remount-ro',
    '/dev',
    '--size',
    String(limits.tmpfsBytes),
    '--tmpfs',
    '/tmp',
    ...pass.mounts,
    '--remount-ro',
    '/',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'UV_THREADPOOL_SIZE',
    '2',
    '--setenv',
    'UV_USE_IO_URING',
    '0',
  ];
  for (const [key, value] of Object.entries(pass.env ?? {})) args.push('--setenv', key, value);
  args.push('--chdir', '/work', '--seccomp', '3', '--');
  return args;
}
