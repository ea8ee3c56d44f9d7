import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@gs/shared/settings';
import { api } from '@/lib/api-client';
import { settingsKey } from '@/lib/query-keys';

export function getSettings(): Promise<Settings> {
  return api.get<Settings>('/admin/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}
