import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The runner serves no HTTP, so its container's health check reads a file it rewrites
 * every 10 s while its database answers (deploy/Dockerfile: stale for 60 s = unhealthy).
 */
export const RUNNER_HEARTBEAT_FILE = path.join(tmpdir(), 'talentforge-runner.heartbeat');
export const HEARTBEAT_EVERY_MS = 10_000;

export function startHeartbeat(check: () => Promise<unknown>, file = RUNNER_HEARTBEAT_FILE) {
  const beat = () =>
    check()
      .then(() => writeFileSync(file, new Date().toISOString()))
      .catch(() => {}); // no beat: the file goes stale and the check reports it
  void beat();
  const timer = setInterval(beat, HEARTBEAT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
