import { PageHeader } from '../../../ui/page-header';

/** /recruiter/results?assessment={id}: one assessment's details. */
export function RecruiterResultsScreen() {
  return <PageHeader title="Assessment Results" description="Loading assessment..." />;
}
