import { SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { UserManagement } from '@/features/admin-staff/components/user-management';
import { AdminPage } from './admin-page';

export default function AdminSettingsRoute() {
  return (
    <AdminPage title="System Settings">
      <SettingsTabs userManagement={UserManagement} />
    </AdminPage>
  );
}
