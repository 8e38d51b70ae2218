import type { Assessment } from '../../../../domain/assessments';

/**
 * Where the start screen says that the template's submissions get an AI-assisted review.
 * The template flag it will read does not reach the candidate yet (another branch adds the
 * feature), so it renders nothing for now.
 */
export function AiReviewNotice(_props: { assessment: Assessment }) {
  return null;
}
