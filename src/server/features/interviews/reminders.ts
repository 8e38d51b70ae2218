import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { type InterviewStatus, REMINDER_BEFORE_MS } from '../../../domain/interviews';
import { interview } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { Periodic } from '../../lib/periodic';
import { write } from '../../lib/unit-of-work';
import { type InterviewDeps, loadInterview, timeOf } from './loading';
import { reminderMails } from './mails';

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * One reminder mail to every participant a day before a scheduled interview. The mark is
 * set in the transaction that queues the mails, under a condition: several servers, or a
 * pass repeated after a restart, never send it twice. A reschedule clears the mark.
 */
export async function sendInterviewReminders(deps: InterviewDeps, now = new Date()) {
  const due = await deps.db
    .select({ id: interview.id })
    .from(interview)
    .where(
      and(
        eq(interview.status, 'scheduled' satisfies InterviewStatus),
        isNull(interview.reminderSentAt),
        gt(interview.startsAt, now),
        lte(interview.startsAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const loaded = await loadInterview(deps.db, id);
    const { row } = loaded;
    const mails = reminderMails(deps, loaded, timeOf(row));
    const marked = await write(deps, async (w) => {
      const rows = await w.tx
        .update(interview)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(interview.id, id),
            eq(interview.status, 'scheduled'),
            isNull(interview.reminderSentAt),
            eq(interview.sequence, row.sequence),
          ),
        )
        .returning({ id: interview.id });
      if (rows.length > 0) await w.mails(mails);
      return rows.length > 0;
    });
    if (marked) sent++;
  }
  return sent;
}

/**
 * The interviews' reminder mails, a day before. A pass is safe on several servers at once
 * and after a restart (each reminder is marked under a condition in the transaction that
 * queues its mail), so every server runs it.
 */
export class InterviewReminders {
  private readonly timer: Periodic;

  constructor(
    private readonly deps: InterviewDeps,
    private readonly logger: Logger,
    intervalMs = DEFAULT_INTERVAL_MS,
  ) {
    this.timer = new Periodic(
      () => this.runOnce(),
      intervalMs,
      logger,
      'interview reminders failed',
    );
  }

  /** One pass; also what tests call. */
  async runOnce(now = new Date()) {
    const reminded = await sendInterviewReminders(this.deps, now);
    if (reminded) this.logger.info({ reminded }, 'interview reminders sent');
    return reminded;
  }

  start() {
    this.timer.start();
  }

  async stop() {
    await this.timer.stop();
  }
}
