import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiReview } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { Periodic } from '../../lib/periodic';
import { readAiSettings } from './ai-settings';

/** Clears prompts and answers older than the retention period (the audit rows keep the hash). */
export async function sweepAiPrompts(db: Db, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const cleared = await db
    .update(aiReview)
    .set({ prompt: null, answer: null })
    .where(
      and(
        lt(aiReview.createdAt, cutoff),
        or(isNotNull(aiReview.prompt), isNotNull(aiReview.answer)),
      ),
    )
    .returning({ id: aiReview.id });
  return cleared.length;
}

const DEFAULT_INTERVAL_MS = 60 * 60_000;

/**
 * The retention sweep on a timer (hourly), so prompts go when their time is up even on a day
 * nobody asks for a review. Clearing is idempotent, so every server runs it.
 */
export class AiPromptSweep {
  private readonly timer: Periodic;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    intervalMs = DEFAULT_INTERVAL_MS,
  ) {
    this.timer = new Periodic(() => this.runOnce(), intervalMs, logger, 'AI prompt sweep failed');
  }

  /** One pass with the admin's current retention; also what tests call. */
  async runOnce(now = new Date()) {
    const { retentionDays } = await readAiSettings(this.db);
    const cleared = await sweepAiPrompts(this.db, retentionDays, now);
    if (cleared) this.logger.info({ cleared }, 'AI prompts past their retention cleared');
    return cleared;
  }

  start() {
    this.timer.start();
  }

  async stop() {
    await this.timer.stop();
  }
}
