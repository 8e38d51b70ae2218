import type { Logger } from '../../lib/logger';
import { type InterviewDeps, sendInterviewReminders } from './interviews.service';

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * The interviews' reminder mails, a day before. A pass is safe on several servers at once
 * and after a restart (each reminder is marked under a condition in the transaction that
 * queues its mail), so every server runs it.
 */
export class InterviewReminders {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly deps: InterviewDeps,
    private readonly logger: Logger,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** One pass; also what tests call. */
  async runOnce(now = new Date()) {
    const reminded = await sendInterviewReminders(this.deps, now);
    if (reminded) this.logger.info({ reminded }, 'interview reminders sent');
    return reminded;
  }

  start() {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((err) => this.logger.error({ err }, 'interview reminders failed'))
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
