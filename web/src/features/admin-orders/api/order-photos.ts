import { useQuery } from '@tanstack/react-query';
import { PHOTO_VIEW_EXPIRES_SECONDS, type PhotoList } from '@gs/shared/photos';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from '@/lib/query-keys';

/** The links in a list last PHOTO_VIEW_EXPIRES_SECONDS: read the list again a minute before they end. */
const REFRESH_MS = Math.max(60, PHOTO_VIEW_EXPIRES_SECONDS - 60) * 1000;

/** GET /api/admin/orders/{orderId}/photos: every photo of the order, newest first. */
export function getAdminOrderPhotos(orderId: string): Promise<PhotoList> {
  return api.get<PhotoList>(`/admin/orders/${encodeURIComponent(orderId)}/photos`);
}

/** Under the order's detail key: what refreshes the order refreshes its photos too. */
export const adminPhotosKey = (orderId: string) => [...adminOrderKeys.detail(orderId), 'photos'] as const;

export function useAdminOrderPhotos(orderId: string) {
  return useQuery({ queryKey: adminPhotosKey(orderId), queryFn: () => getAdminOrderPhotos(orderId), staleTime: REFRESH_MS, refetchInterval: REFRESH_MS });
}
