import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKey, type Settings, type SettingsInput } from '../types';

/** Saves the fields sent (one tab's worth); returns every setting as saved. */
export function saveSettings(input: SettingsInput): Promise<Settings> {
  return api.put<Settings>('/admin/settings', input);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
