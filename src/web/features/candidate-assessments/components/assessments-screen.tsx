import { PageHeader } from '../../../ui/page-header';

/** /assessments: the candidate's assessments with filters. */
export function AssessmentsScreen() {
  return <PageHeader title="Assessments" description="Loading assessments..." />;
}
