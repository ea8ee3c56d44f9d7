import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@gs/shared/api-types';
import type { UpdateMeBody } from '@gs/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/query-keys';

/** PATCH /api/me: the fields sent change; the profile comes back as saved (phone normalized). */
export function updateMe(input: UpdateMeBody): Promise<Profile> {
  return api.patch<Profile>('/me', input);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    // The dashboard's Customer Information card reads the same query.
    onSuccess: (saved) => queryClient.setQueryData(meQueryKey, saved),
  });
}
