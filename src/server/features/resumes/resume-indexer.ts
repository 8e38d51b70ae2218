import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobApplication } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../storage/storage';
import { type PdfReadLimits, readPdfText } from './pdf-text';

/** How many résumés not read yet one backfill pass takes (it repeats until none are left). */
const BACKFILL_BATCH = 200;

/**
 * Reads the text of uploaded résumés, one at a time, in the background (a worker thread each:
 * pdf-text.ts). Applying never waits for it. The text, or "unreadable", is saved in one update;
 * a database trigger (drizzle/0027) puts the candidate's résumés into Find Candidates' search.
 * Résumés uploaded before this existed, or while the server was down, are read by `backfill`,
 * which the server runs at start.
 */
export class ResumeIndexer {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: { db: Db; storage: Storage; logger: Logger; limits?: PdfReadLimits },
  ) {}

  /** Reads this application's résumé soon (nothing to do if it has none). */
  enqueue(applicationId: string): void {
    if (this.stopped || this.queued.has(applicationId)) return;
    this.queued.add(applicationId);
    this.queue.push(applicationId);
    this.running ??= this.pump().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once nothing is queued or being read (tests, scripts). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Queues every stored résumé whose text was never read. */
  async backfill(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.deps.db
        .select({ id: jobApplication.id })
        .from(jobApplication)
        .where(and(isNotNull(jobApplication.resumeKey), isNull(jobApplication.resumeTextStatus)))
        .orderBy(asc(jobApplication.createdAt))
        .limit(BACKFILL_BATCH);
      const fresh = rows.filter((r) => !this.queued.has(r.id));
      for (const r of fresh) this.enqueue(r.id);
      total += fresh.length;
      await this.idle();
      if (rows.length < BACKFILL_BATCH || fresh.length === 0 || this.stopped) return total;
    }
  }

  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
  }

  private async pump(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      try {
        await this.read(id);
      } catch (error) {
        // Left unread (status null): the next backfill tries again.
        this.deps.logger.warn({ err: error, applicationId: id }, 'résumé text not read');
      } finally {
        this.queued.delete(id);
      }
    }
  }

  /** Reads one application's résumé and saves the text or "unreadable" (never a part). */
  async read(applicationId: string): Promise<void> {
    const { db, storage, logger } = this.deps;
    const [row] = await db
      .select({ key: jobApplication.resumeKey })
      .from(jobApplication)
      .where(eq(jobApplication.id, applicationId));
    if (!row?.key) return;
    const file = await storage.get(row.key);
    if (!file) return;
    const started = performance.now();
    const result = await readPdfText(file.bytes, this.deps.limits);
    await db
      .update(jobApplication)
      .set(
        result.ok
          ? { resumeText: result.text, resumeTextStatus: 'read' }
          : { resumeText: null, resumeTextStatus: 'unreadable' },
      )
      // The same file still: a résumé replaced meanwhile is read again on its own.
      .where(and(eq(jobApplication.id, applicationId), eq(jobApplication.resumeKey, row.key)));
    logger.info(
      {
        applicationId,
        ok: result.ok,
        reason: result.ok ? undefined : result.reason,
        ms: Math.round(performance.now() - started),
      },
      'résumé text read',
    );
  }
}
