import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffInput, UpdateStaffInput } from '@gs/shared/schemas/staff';
import type { GunsmithList, StaffList, StaffMember } from '@gs/shared/staff-accounts';
import { api } from '@/lib/api-client';

/** The staff accounts (Settings → User Management) and the gunsmith list (assigning orders). */
export const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: ['admin', 'staff', 'list'] as const,
  gunsmiths: ['admin', 'staff', 'gunsmiths'] as const,
};

export const getStaff = () => api.get<StaffList>('/admin/staff');
export const getGunsmiths = () => api.get<GunsmithList>('/admin/staff/gunsmiths');

export function useStaffList() {
  return useQuery({ queryKey: staffKeys.list, queryFn: getStaff });
}

/** The active gunsmiths an order can be assigned to (owner and front desk). */
export function useGunsmiths(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: staffKeys.gunsmiths, queryFn: getGunsmiths, enabled: options.enabled ?? true });
}

function useStaffMutation<V>(fn: (v: V) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}

export const useInviteStaff = () => useStaffMutation((input: InviteStaffInput) => api.post<StaffMember>('/admin/staff', input));
export const useUpdateStaff = () => useStaffMutation(({ id, change }: { id: string; change: UpdateStaffInput }) => api.patch<StaffMember>(`/admin/staff/${encodeURIComponent(id)}`, change));
export const useResetTwoStep = () => useStaffMutation((id: string) => api.post<StaffMember>(`/admin/staff/${encodeURIComponent(id)}/reset-two-step`));
