import type { Assessment } from '../../../../domain/assessments';

/** New Message to the assessment's recruiter, about it, with the subject given. */
export const messageRecruiterHref = (
  assessment: Pick<Assessment, 'id' | 'recruiterId'>,
  subject: string,
) =>
  `/messages/new?to=${encodeURIComponent(assessment.recruiterId)}&subject=${encodeURIComponent(subject)}&assessment=${encodeURIComponent(assessment.id)}`;
