import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey, type Settings } from '../types';

export function getSettings(): Promise<Settings> {
  return api.get<Settings>('/admin/settings');
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}
