import type { PhotoContentType, PhotoPurpose } from '@gs/shared/photos'

/** A condition photo as stored (db/entities/photo.ts); its object is at photoKey(orderId, photoId). */
export interface PhotoRecord {
  orderId: string
  photoId: string
  purpose: PhotoPurpose
  contentType: PhotoContentType
  size: number
  takenBy: string
  takenByName: string
  createdAt: string
}

/** Where a photo's object is in the bucket (the IAM grants name this prefix: orders/&#42;/photos/&#42;). */
export const photoKey = (orderId: string, photoId: string) => `orders/${orderId}/photos/${photoId}`

/** A photo id as the API gives it out (db/ids.ts sortableId): anything else is not one of ours. */
export const PHOTO_ID = /^[0-9a-z]{9}[0-9a-f]{12}$/
