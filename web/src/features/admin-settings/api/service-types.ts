import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceType } from '@gs/shared/api-types';
import type { CreateServiceTypeInput, UpdateServiceTypeInput } from '@gs/shared/schemas/service-types';
import { api } from '@/lib/api-client';
import { serviceTypesKey } from '@/lib/service-types';

/** POST /api/admin/service-types (owner). */
export const createServiceType = (input: CreateServiceTypeInput) => api.post<ServiceType>('/admin/service-types', input);
/** PATCH /api/admin/service-types/{id} (owner): the fields sent; `active: false` deactivates. */
export const updateServiceType = (id: string, input: UpdateServiceTypeInput) => api.patch<ServiceType>(`/admin/service-types/${encodeURIComponent(id)}`, input);

export function useSaveServiceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateServiceTypeInput }) => (id ? updateServiceType(id, input) : createServiceType(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceTypesKey }),
  });
}
