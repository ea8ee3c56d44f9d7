import { useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@gs/shared/api-types';
import { api } from '@/lib/api-client';
import { settingsKey } from '@/lib/query-keys';

export function getSettings(): Promise<SettingsView> {
  return api.get<SettingsView>('/admin/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}
