import type { SandboxMode } from '../../domain/integrations';

export interface SandboxLimits {
  /** Wall clock for the whole run (compile and every pass); everything is killed after it. */
  wallMs: number;
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Memory of the whole run (cgroup); V8's old-space cap per node process (heapMb). */
  memoryMb: number;
  heapMb: number;
  /** Processes and threads of one run (pids cgroup); RLIMIT_NPROC of the sandbox uid is this times the concurrency. */
  processes: number;
  nprocForUid: number;
  /** Bytes of output kept (the JUnit report has its own, larger cap). */
  outputBytes: number;
  /** The writable /tmp and /dev/shm of a run. */
  tmpfsBytes: number;
  shmBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 20_000,
  cpuSeconds: 20,
  memoryMb: 256,
  // Above the cgroup's cap: the cgroup's OOM killer (a kernel event) decides, not V8's message.
  heapMb: 384,
  processes: 64,
  nprocForUid: 128,
  outputBytes: 64 * 1024,
  tmpfsBytes: 16 * 1024 * 1024,
  shmBytes: 16 * 1024 * 1024,
};

/** The uid the tests run as, inside and outside the sandbox: nobody, used by nothing else here. */
export const SANDBOX_UID = 65534;

/** No cgroup, no run: unless the operator set the override, which adds prlimit --as (null: refuse). */
export function limitMode(cgroups: 'v2' | 'v1' | 'none', override: boolean): SandboxMode | null {
  if (cgroups === 'v2') return 'cgroup-v2';
  if (cgroups === 'v1') return 'cgroup-v1';
  return override ? 'no-cgroup-override' : null;
}

/** Node reserves far more address space than it uses (V8's code range, wasm guards): the memory cap plus 3 GB. */
export function addressSpaceBytes(limits: SandboxLimits): number {
  return (limits.memoryMb + 3 * 1024) * 1024 * 1024;
}
