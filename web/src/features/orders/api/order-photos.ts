import { useQuery } from '@tanstack/react-query';
import { PHOTO_VIEW_EXPIRES_SECONDS, type PhotoList } from '@gs/shared/photos';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/** The links in a list last PHOTO_VIEW_EXPIRES_SECONDS: read the list again a minute before they end. */
const REFRESH_MS = Math.max(60, PHOTO_VIEW_EXPIRES_SECONDS - 60) * 1000;

/** GET /api/orders/{orderId}/photos: the intake photos of the customer's own order. */
export function getCustomerOrderPhotos(orderId: string): Promise<PhotoList> {
  return api.get<PhotoList>(`/orders/${encodeURIComponent(orderId)}/photos`);
}

export function useCustomerOrderPhotos(orderId: string) {
  return useQuery({ queryKey: [...orderKeys.detail(orderId), 'photos'], queryFn: () => getCustomerOrderPhotos(orderId), staleTime: REFRESH_MS, refetchInterval: REFRESH_MS });
}
