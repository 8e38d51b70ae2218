import { AdminSettingsScreen } from '../../admin-settings';

/** /admin: the admin lands on System Settings (spec section 2, 'Admin settings'). */
export function AdminDashboard() {
  return <AdminSettingsScreen />;
}
