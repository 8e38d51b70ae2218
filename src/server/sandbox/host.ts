import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { SandboxMode } from '../../domain/integrations';
import { sandboxSettings } from '../env';
import { bwrapArgs, bwrapPrefix, findBinary, nulArgs, outerCommand } from './bwrap';
import { detectCgroups } from './cgroups';
import { prepareGrader } from './grader';
import { UTIL_LINUX_BINARIES } from './host-packages';
import { DEFAULT_LIMITS, limitMode } from './limits';
import { seccompFilter } from './seccomp';

/** Whether this host can run tests, and how runs are limited here. */

/** How runs are limited on this server (shown on the Integrations page). */
export type { SandboxMode };

export interface SandboxStatus {
  available: boolean;
  reason: string | null;
  /** Absent from stand-ins (tests); unknown counts as unavailable. */
  mode?: SandboxMode;
}

export const NOT_AVAILABLE =
  'Test runs are not available on this server: bubblewrap is not installed';
export const NO_CGROUP = 'Test runs need cgroups on this server';
/** The operator's explicit choice to run without a cgroup (rlimits and prlimit --as only). */
export const NO_CGROUP_OVERRIDE_ENV = 'SANDBOX_ALLOW_NO_CGROUP';

let detected: SandboxStatus | undefined;

/**
 * Checked once at start: bubblewrap, prlimit, setpriv, the seccomp filter
 * and a cgroup (or the operator's override) are there and a sandbox starts.
 * Without them runs are refused, never run with less isolation.
 */
export function detectSandbox(force = false): SandboxStatus {
  if (!detected || force) detected = probeSandbox();
  return detected;
}

function probeSandbox(): SandboxStatus {
  const unavailable = (reason: string): SandboxStatus => ({
    available: false,
    reason,
    mode: 'unavailable',
  });
  if (!findBinary('bwrap')) return unavailable(NOT_AVAILABLE);
  if (UTIL_LINUX_BINARIES.some((binary) => !findBinary(binary))) {
    return unavailable(
      'Test runs are not available on this server: prlimit and setpriv (util-linux) are missing',
    );
  }
  const filter = seccompFilter();
  if (!filter.ok) return unavailable(filter.reason);
  const mode = limitMode(detectCgroups().kind, sandboxSettings().allowNoCgroup);
  if (!mode) {
    return unavailable(
      `${NO_CGROUP}: no writable cgroup v2 (memory, pids) or v1 memory and pids hierarchy was found. Run the server as root on a machine with cgroups, or set ${NO_CGROUP_OVERRIDE_ENV}=1 to run with rlimits only.`,
    );
  }
  try {
    prepareGrader();
  } catch (error) {
    return unavailable(
      `Test runs are not available on this server: the staging folder cannot be prepared (${(error as Error).message})`,
    );
  }
  const filterFd = openSync(prepareGrader().seccomp, 'r');
  let probe: ReturnType<typeof spawnSync>;
  try {
    probe = spawnSync(
      '/bin/sh',
      [
        '-c',
        'exec "$@"',
        'sh',
        ...outerCommand(DEFAULT_LIMITS, mode),
        ...bwrapPrefix(),
        process.execPath,
        '-e',
        'process.exit(0)',
      ],
      {
        env: {},
        cwd: '/',
        timeout: 10_000,
        input: nulArgs(bwrapArgs(DEFAULT_LIMITS, { mounts: ['--dir', '/work'] })),
        stdio: ['pipe', 'ignore', 'pipe', filterFd],
      },
    );
  } finally {
    closeSync(filterFd);
  }
  return probe.status === 0
    ? { available: true, reason: null, mode }
    : unavailable(
        `Test runs are not available on this server: the sandbox does not start (${probe.stderr?.toString().trim().slice(0, 200) || 'unknown error'})`,
      );
}
