import { SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { AdminPage } from './admin-page';

export default function AdminSettingsRoute() {
  return (
    <AdminPage title="System Settings">
      <SettingsTabs />
    </AdminPage>
  );
}
