import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiReview } from '../../db/schema';
import type { Logger } from '../../lib/logger';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** One pass with the admin's current retention; also what tests call. */
  async runOnce(now = new Date()) {
    const { retentionDays } = await readAiSettings(this.db);
    const cleared = await sweepAiPrompts(this.db, retentionDays, now);
    if (cleared) this.logger.info({ cleared }, 'AI prompts past their retention cleared');
    return cleared;
  }

  start() {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((err) => this.logger.error({ err }, 'AI prompt sweep failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
    tick();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
