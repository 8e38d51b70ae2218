import type { Logger } from './logger';

/**
 * A pass run now and then every `intervalMs` (the timed jobs: assessment sweeps, interview
 * reminders, the AI prompt sweep). A pass never overlaps the stop: `stop()` waits for the one
 * in flight. A failed pass is logged and the next one runs as usual. The timer does not keep
 * the process alive.
 */
export class Periodic {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
    private readonly failure: string,
  ) {}

  start() {
    if (this.timer) return;
    const tick = () => {
      this.running = this.pass()
        .then(() => undefined)
        .catch((err) => this.logger.error({ err }, this.failure))
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
