import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { checkQueued } from './similarity.service';

/**
 * Checks submitted assessments for similarity off the request path: submission queues a
 * submission_fingerprint row in its transaction; this worker (every server runs one; a
 * row checked twice only rewrites the same matches) polls for queued rows.
 */
export class SimilarityWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly intervalMs = 2000,
  ) {}

  runOnce() {
    return checkQueued(this.db, this.logger);
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err) => this.logger.error({ err }, 'similarity worker failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
