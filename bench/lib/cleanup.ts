import { rmSync } from 'node:fs';

/**
 * Last-resort clean-up of what the bench started (server, Chromium, temporary
 * directories) when it is interrupted or dies: the normal path stops them itself.
 */
interface Resource {
  /** Kills the processes (synchronously: signals only). */
  kill(): void;
  /** Directories to remove once the processes are gone. */
  dirs: string[];
}

const resources = new Set<Resource>();
let installed = false;
let interrupted = false;

export function removeDir(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (error) {
    console.error(`could not remove ${dir}: ${(error as Error).message}`);
  }
}

function killAll() {
  for (const resource of resources) {
    try {
      resource.kill();
    } catch {
      // already gone
    }
  }
}

function removeAll() {
  for (const resource of resources) resource.dirs.forEach(removeDir);
  resources.clear();
}

function install() {
  if (installed) return;
  installed = true;
  process.on('exit', () => {
    killAll();
    removeAll();
  });
  // `on`, not `once`: a second signal (tsx relays the one the terminal sends)
  // must not end the process before the clean-up is done.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping the server and browsers ...`);
      killAll();
      // Let the killed processes go before their directories are removed.
      setTimeout(() => {
        removeAll();
        process.exit(130);
      }, 500);
    });
  }
}

/** Registers a resource; call the returned function once it was cleaned up normally. */
export function track(resource: Resource): () => void {
  install();
  resources.add(resource);
  return () => {
    resources.delete(resource);
  };
}
