import { AdminSettingsScreen } from '../../admin-settings/components/admin-settings-screen';

/** /admin: the admin lands on System Settings (spec section 2, 'Admin settings'). */
export function AdminDashboard() {
  return <AdminSettingsScreen />;
}
