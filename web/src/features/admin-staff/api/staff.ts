import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffInput, UpdateStaffInput } from '@gs/shared/schemas/staff';
import type { StaffList, StaffMember } from '@gs/shared/staff-accounts';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_KEY } from '@/lib/gunsmiths';

/** The staff accounts (Settings → User Management); a change also refreshes the gunsmith list (lib/gunsmiths.ts), under the same key. */
export const staffKeys = {
  all: STAFF_QUERY_KEY,
  list: [...STAFF_QUERY_KEY, 'list'] as const,
};

export const getStaff = () => api.get<StaffList>('/admin/staff');

export function useStaffList() {
  return useQuery({ queryKey: staffKeys.list, queryFn: getStaff });
}


function useStaffMutation<V>(fn: (v: V) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}

export const useInviteStaff = () => useStaffMutation((input: InviteStaffInput) => api.post<StaffMember>('/admin/staff', input));
export const useUpdateStaff = () => useStaffMutation(({ id, change }: { id: string; change: UpdateStaffInput }) => api.patch<StaffMember>(`/admin/staff/${encodeURIComponent(id)}`, change));
export const useResetTwoStep = () => useStaffMutation((id: string) => api.post<StaffMember>(`/admin/staff/${encodeURIComponent(id)}/reset-two-step`));
