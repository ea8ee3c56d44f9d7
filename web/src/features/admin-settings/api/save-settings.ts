import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsInput } from '@gs/shared/schemas/settings';
import type { SettingsView } from '@gs/shared/api-types';
import { shopIdentity } from '@gs/shared/shop';
import { api } from '@/lib/api-client';
import { settingsKey } from '@/lib/query-keys';
import { setShop } from '@/lib/shop';

/** Saves the fields sent (one tab's worth); returns every setting as saved. */
export function saveSettings(input: SettingsInput): Promise<SettingsView> {
  return api.put<SettingsView>('/admin/settings', input);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The header, footer and every page show the new identity at once.
      setShop(shopIdentity(saved));
    },
  });
}
