import { PageHeader } from '../../../ui/page-header';

/** /assessment/:assessmentId?: the simulated workspace. */
export function WorkspaceScreen() {
  return <PageHeader title="Assessment Workspace" description="Loading assessment..." />;
}
