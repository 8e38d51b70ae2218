import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A cgroup per run for the memory and process limits: cgroup v2 when the
 * unified hierarchy has the memory and pids controllers and is writable,
 * otherwise the v1 memory and pids hierarchies. Without either the runner
 * still has its rlimits and V8's heap cap (see README, Using test runs).
 */
export interface RunCgroup {
  /** cgroup.procs files the run's first process writes its pid into. */
  procsFiles: string[];
  /** Whether the kernel's OOM killer acted in this cgroup. */
  oomKilled(): Promise<boolean>;
  /** Kills whatever is left and removes the cgroup. */
  destroy(): Promise<void>;
}

type Layout =
  | { kind: 'v2'; root: string }
  | { kind: 'v1'; memory: string; pids: string }
  | { kind: 'none' };

const ROOT_NAME = 'talentforge-sandbox';

function writable(dir: string): boolean {
  try {
    return existsSync(dir) && (process.getuid?.() === 0 || false);
  } catch {
    return false;
  }
}

let layout: Layout | undefined;

export function detectCgroups(): Layout {
  if (layout) return layout;
  layout = { kind: 'none' };
  try {
    const v2 = '/sys/fs/cgroup';
    const controllers = path.join(v2, 'cgroup.controllers');
    if (existsSync(controllers)) {
      const list = readFileSync(controllers, 'utf8').split(/\s+/);
      if (list.includes('memory') && list.includes('pids') && writable(v2)) {
        layout = { kind: 'v2', root: path.join(v2, ROOT_NAME) };
        return layout;
      }
    }
    const memory = '/sys/fs/cgroup/memory';
    const pids = '/sys/fs/cgroup/pids';
    if (
      existsSync(path.join(memory, 'cgroup.procs')) &&
      existsSync(path.join(pids, 'cgroup.procs'))
    ) {
      if (writable(memory) && writable(pids)) {
        layout = {
          kind: 'v1',
          memory: path.join(memory, ROOT_NAME),
          pids: path.join(pids, ROOT_NAME),
        };
      }
    }
  } catch {
    layout = { kind: 'none' };
  }
  return layout;
}

async function killAll(dir: string) {
  try {
    const procs = (await readFile(path.join(dir, 'cgroup.procs'), 'utf8')).split('\n');
    for (const pid of procs) {
      const n = Number(pid);
      if (n > 0) {
        try {
          process.kill(n, 'SIGKILL');
        } catch {}
      }
    }
  } catch {}
}

async function removeDir(dir: string) {
  for (let i = 0; i < 50; i++) {
    await killAll(dir);
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

export async function createRunCgroup(
  name: string,
  limits: { memoryBytes: number; pids: number },
): Promise<RunCgroup | null> {
  const found = detectCgroups();
  try {
    if (found.kind === 'v2') {
      await mkdir(found.root, { recursive: true });
      await writeFile(path.join(found.root, 'cgroup.subtree_control'), '+memory +pids').catch(
        () => {},
      );
      const dir = path.join(found.root, name);
      await mkdir(dir);
      await writeFile(path.join(dir, 'memory.max'), String(limits.memoryBytes));
      await writeFile(path.join(dir, 'memory.swap.max'), '0').catch(() => {});
      await writeFile(path.join(dir, 'pids.max'), String(limits.pids));
      return {
        procsFiles: [path.join(dir, 'cgroup.procs')],
        async oomKilled() {
          const events = await readFile(path.join(dir, 'memory.events'), 'utf8').catch(() => '');
          return /\boom_kill [1-9]/.test(events) || /\boom [1-9]/.test(events);
        },
        destroy: () => removeDir(dir),
      };
    }
    if (found.kind === 'v1') {
      await mkdir(found.memory, { recursive: true });
      await mkdir(found.pids, { recursive: true });
      const mem = path.join(found.memory, name);
      const pids = path.join(found.pids, name);
      await mkdir(mem);
      await mkdir(pids);
      await writeFile(path.join(mem, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      await writeFile(
        path.join(mem, 'memory.memsw.limit_in_bytes'),
        String(limits.memoryBytes),
      ).catch(() => {});
      await writeFile(path.join(pids, 'pids.max'), String(limits.pids));
      return {
        procsFiles: [path.join(mem, 'cgroup.procs'), path.join(pids, 'cgroup.procs')],
        async oomKilled() {
          const control = await readFile(path.join(mem, 'memory.oom_control'), 'utf8').catch(
            () => '',
          );
          return /\boom_kill [1-9]/.test(control);
        },
        async destroy() {
          await removeDir(pids);
          await removeDir(mem);
        },
      };
    }
  } catch {
    return null;
  }
  return null;
}
