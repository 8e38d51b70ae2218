import { PageHeader } from '../../../ui/page-header';

export function ManageUsersScreen() {
  return <PageHeader title="Manage Users" />;
}
