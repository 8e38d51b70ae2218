import type { Logger } from '../../lib/logger';
import { Periodic } from '../../lib/periodic';
import { SimilarityWorker } from '../similarity/worker';
import {
  type AssessmentDeps,
  sendDueReminders,
  submitOverdueAssessments,
} from './assessments.service';

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * The periodic work of assessments: submit those whose time ran out, and send the one
 * reminder a day before the due date. Both are safe to run on several servers at once
 * (each change is made under a condition), so every server runs them.
 */
export class AssessmentJobs {
  private readonly timer: Periodic;
  /** Similarity checks of new submissions (docs/decisions/026), polled every 2 s. */
  readonly similarity: SimilarityWorker;

  constructor(
    private readonly deps: AssessmentDeps,
    private readonly logger: Logger,
    intervalMs = DEFAULT_INTERVAL_MS,
  ) {
    this.similarity = new SimilarityWorker(deps.db, logger);
    this.timer = new Periodic(() => this.runOnce(), intervalMs, logger, 'assessment jobs failed');
  }

  /** One pass; also what tests call. */
  async runOnce(now = new Date()) {
    const submitted = await submitOverdueAssessments(this.deps, now);
    const reminded = await sendDueReminders(this.deps, now);
    if (submitted || reminded) {
      this.logger.info({ submitted, reminded }, 'assessment jobs ran');
    }
    return { submitted, reminded };
  }

  start() {
    this.similarity.start();
    this.timer.start();
  }

  async stop() {
    await this.similarity.stop();
    await this.timer.stop();
  }
}
