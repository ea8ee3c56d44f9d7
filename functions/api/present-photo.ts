import { PHOTO_VIEW_EXPIRES_SECONDS, type Photo } from '@gs/shared/photos'
import { photoKey, type PhotoRecord } from '#functions/domain/photos.ts'
import type { PhotoStore } from '#functions/photos/photo-store.ts'

/** A photo as the API answers it, with a link valid PHOTO_VIEW_EXPIRES_SECONDS; `staff` adds who took it. */
export async function presentPhoto(p: PhotoRecord, store: PhotoStore, { staff }: { staff: boolean }): Promise<Photo> {
  const url = await store.viewUrl(photoKey(p.orderId, p.photoId), PHOTO_VIEW_EXPIRES_SECONDS)
  return {
    id: p.photoId,
    orderId: p.orderId,
    purpose: p.purpose,
    contentType: p.contentType,
    size: p.size,
    ...(staff ? { takenByName: p.takenByName } : {}),
    createdAt: p.createdAt,
    url,
    thumbnailUrl: url,
  }
}
