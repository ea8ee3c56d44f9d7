import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsInput } from '@gs/shared/schemas/settings';
import type { Settings } from '@gs/shared/settings';
import { api } from '@/lib/api-client';
import { settingsKey } from '@/lib/query-keys';

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
