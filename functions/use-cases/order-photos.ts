import { orderMessages } from '@gs/shared/order-messages'
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PHOTO_PURPOSES, PHOTO_UPLOAD_EXPIRES_SECONDS, PHOTOS_PER_ORDER, photoMessages, type PhotoContentType, type PhotoPurpose } from '@gs/shared/photos'
import type { PhotoUploadInput } from '@gs/shared/schemas/photos'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { PhotoRepository } from '../db/repositories/photos.ts'
import { PhotoExists, PhotoLimitReached } from '../db/repositories/photos.ts'
import { sortableId } from '../db/ids.ts'
import { auditEvent, type Actor } from '../domain/audit.ts'
import type { Order } from '../domain/order.ts'
import { PHOTO_ID, photoKey, type PhotoRecord } from '../domain/photos.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import type { PhotoStore } from '../photos/photo-store.ts'
import { loadOwnedOrder } from './get-customer-order.ts'

type Orders = Pick<OrderRepository, 'getOrder'>

/** An order staff may add photos to: one that exists and is not deleted (a deleted order's photos stay, unseen). */
async function liveOrder(orders: Orders, orderId: string): Promise<Order> {
  const order = await orders.getOrder(orderId)
  if (!order || order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
  return order
}

/**
 * Staff announce a photo: the answer is a presigned POST for its own key (the content type and purpose fixed, the
 * size within the limit, valid minutes). Nothing is recorded until the upload is confirmed.
 */
export async function createPhotoUpload({ orders, store, orderId, input, now = Date.now() }: { orders: Orders; store: PhotoStore; orderId: string; input: PhotoUploadInput; now?: number }) {
  await liveOrder(orders, orderId)
  const photoId = sortableId(now)
  const contentType = input.contentType.toLowerCase() as PhotoContentType
  const { url, fields } = await store.presignUpload({ key: photoKey(orderId, photoId), contentType, purpose: input.purpose, maxBytes: PHOTO_MAX_BYTES, expiresSeconds: PHOTO_UPLOAD_EXPIRES_SECONDS })
  return { photoId, url, fields, expiresAt: new Date(now + PHOTO_UPLOAD_EXPIRES_SECONDS * 1000).toISOString(), maxBytes: PHOTO_MAX_BYTES }
}

/**
 * The upload is done: what arrived in the bucket is checked (there, of an allowed type, within the size limit, with
 * its purpose) and recorded with the order's photo count and the audit record. Confirming again answers the same
 * photo. An object that fails the check stays unrecorded (never listed).
 */
export async function confirmPhoto({ orders, photos, store, orderId, photoId, actor, now = new Date() }: { orders: Orders; photos: PhotoRepository; store: PhotoStore; orderId: string; photoId: string; actor: Actor; now?: Date }): Promise<PhotoRecord> {
  if (!PHOTO_ID.test(photoId)) throw new NotFoundError(photoMessages.photoNotFound)
  const order = await liveOrder(orders, orderId)
  const existing = await photos.getPhoto(orderId, photoId)
  if (existing) return existing
  const stored = await store.head(photoKey(orderId, photoId))
  if (!stored) throw new ValidationError(photoMessages.notUploaded)
  const purpose = stored.purpose as PhotoPurpose
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(stored.contentType) || stored.size < 1 || stored.size > PHOTO_MAX_BYTES || !(PHOTO_PURPOSES as readonly string[]).includes(purpose)) {
    throw new ValidationError(stored.size > PHOTO_MAX_BYTES ? photoMessages.tooLarge : photoMessages.uploadMismatch)
  }
  const record: PhotoRecord = {
    orderId,
    photoId,
    purpose,
    contentType: stored.contentType as PhotoContentType,
    size: stored.size,
    takenBy: actor.id,
    takenByName: actor.name,
    createdAt: now.toISOString(),
  }
  const audit = auditEvent({ actor, action: 'order.photo_add', summary: `Added a condition photo (${purpose})`, order, at: record.createdAt, changes: [{ field: 'Photo', before: '', after: `${purpose}, ${Math.ceil(record.size / 1024)} KB` }] })
  try {
    await photos.addPhoto(record, { limit: PHOTOS_PER_ORDER, audit: [audit] })
  } catch (err) {
    if (err instanceof PhotoLimitReached) throw new ValidationError(photoMessages.limitReached)
    // Confirmed twice at once: the other confirm recorded it.
    if (err instanceof PhotoExists) return (await photos.getPhoto(orderId, photoId)) ?? record
    throw err
  }
  return record
}

/** Staff: every photo of an order (a deleted one's too: they are evidence), newest first. */
export async function listAdminPhotos({ orders, photos, orderId }: { orders: Orders; photos: Pick<PhotoRepository, 'listPhotos'>; orderId: string }): Promise<PhotoRecord[]> {
  const order = await orders.getOrder(orderId)
  if (!order) throw new NotFoundError(orderMessages.orderNotFound)
  return photos.listPhotos(orderId, PHOTOS_PER_ORDER)
}

/** The customer: the intake photos of their own order (anyone else's order is the same 404 as a missing one). */
export async function listCustomerPhotos({ orders, photos, orderId, userId }: { orders: Orders; photos: Pick<PhotoRepository, 'listPhotos'>; orderId: string; userId: string }): Promise<PhotoRecord[]> {
  await loadOwnedOrder({ orders, orderId, userId })
  return (await photos.listPhotos(orderId, PHOTOS_PER_ORDER)).filter((p) => p.purpose === 'intake')
}
