import { useQuery } from '@tanstack/react-query';
import type { ServiceType, ServiceTypeList } from '@gs/shared/api-types';
import { SERVICE_TYPES } from '@gs/shared/statuses';
import { api } from '@/lib/api-client';

/**
 * The shop's price list (GET /api/admin/service-types): Settings → Service Types edits it, New Order and the order
 * editor's extra work pick from it. Here, not in a feature, since those are different features.
 */
export const serviceTypesKey = ['admin', 'service-types'] as const;

export function getServiceTypes(): Promise<ServiceTypeList> {
  return api.get<ServiceTypeList>('/admin/service-types');
}

export function useServiceTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: serviceTypesKey, queryFn: getServiceTypes, enabled, staleTime: 60_000 });
}

/**
 * The names a service-type picker offers: the active types once the list is read; while it loads (or could not be
 * read) the spec's seven, so the form stays usable.
 */
export function activeTypeNames(list: ServiceTypeList | undefined): string[] {
  if (!list) return [...SERVICE_TYPES];
  return list.items.filter((t) => t.active).map((t) => t.name);
}

/** The active type of this name (case-insensitively), if any. */
export const typeNamed = (list: ServiceTypeList | undefined, name: string): ServiceType | undefined =>
  list?.items.find((t) => t.active && t.name.toLowerCase() === name.trim().toLowerCase());
