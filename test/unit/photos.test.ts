/**
 * Condition photos' rules (shared/src/photos.ts, functions/use-cases/order-photos.ts) with small fakes: what the page
 * refuses before sending, what the API refuses when announced, and what the confirm checks in the bucket.
 */
import { describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES, photoFileProblem, photoMessages } from '@gs/shared/photos'
import { photoUploadSchema } from '@gs/shared/schemas/photos'
import { PhotoLimitReached, type PhotoRepository } from '../../functions/db/repositories/photos.ts'
import type { PhotoRecord } from '../../functions/domain/photos.ts'
import type { PhotoStore } from '../../functions/photos/photo-store.ts'
import { confirmPhoto, createPhotoUpload, listCustomerPhotos } from '../../functions/use-cases/order-photos.ts'
import type { Order } from '../../functions/domain/order.ts'

const ORDER_ID = '0b7f3a52-1111-4222-8333-444455556666'
const order = { orderId: ORDER_ID, orderNumber: 'GS-1', customerId: 'cust-1', isDeleted: false } as unknown as Order
const orders = { getOrder: async (id: string) => (id === ORDER_ID ? order : null) }
const actor = { id: 'staff-1', name: 'Ada Staff' }
const PHOTO_ID = '00000000a0123456789ab'

function fakes(stored: Awaited<ReturnType<PhotoStore['head']>>, { full = false } = {}) {
  const records: PhotoRecord[] = []
  const store: PhotoStore = {
    presignUpload: async ({ key, contentType }) => ({ url: 'http://s3.test/bucket', fields: { key, 'Content-Type': contentType } }),
    head: async () => stored,
    viewUrl: async (key) => `http://s3.test/${key}?signed`,
  }
  const photos: PhotoRepository = {
    addPhoto: async (p) => {
      if (full) throw new PhotoLimitReached()
      records.push(p)
    },
    getPhoto: async (_o, id) => records.find((r) => r.photoId === id) ?? null,
    listPhotos: async () => [...records],
  }
  return { store, photos, records }
}

describe('photos: what the page refuses before sending', () => {
  it('refuses HEIC (by type, or by name when the browser gives no type) with its own words, other types, and files over 10 MB', () => {
    expect(photoFileProblem({ type: 'image/heic', size: 100 })).toBe(photoMessages.heicRefused)
    expect(photoFileProblem({ type: '', size: 100, name: 'IMG_1.HEIF' })).toBe(photoMessages.heicRefused)
    expect(photoFileProblem({ type: 'image/gif', size: 100 })).toBe(photoMessages.contentTypeRefused)
    expect(photoFileProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe(photoMessages.tooLarge)
    expect(photoFileProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull()
    expect(photoFileProblem({ type: 'image/png', size: 1 })).toBeNull()
  })

  it('the API schema says the same', () => {
    const issue = (b: unknown) => photoUploadSchema.safeParse(b).error?.issues[0]?.message
    expect(issue({ contentType: 'image/heif', size: 10, purpose: 'intake' })).toBe(photoMessages.heicRefused)
    expect(issue({ contentType: 'image/webp', size: 10, purpose: 'intake' })).toBe(photoMessages.contentTypeRefused)
    expect(issue({ contentType: 'image/png', size: PHOTO_MAX_BYTES + 1, purpose: 'intake' })).toBe(photoMessages.tooLarge)
    expect(issue({ contentType: 'image/png', size: 10, purpose: 'later' })).toBe(photoMessages.purposeInvalid)
    expect(photoUploadSchema.safeParse({ contentType: 'image/png', size: 10, purpose: 'intake', extra: 1 }).success).toBe(false)
  })
})

describe('photos: upload and confirm', () => {
  it('presigns the order\'s own key with the announced type', async () => {
    const { store } = fakes(null)
    const up = await createPhotoUpload({ orders, store, orderId: ORDER_ID, input: { contentType: 'image/JPEG', size: 10, purpose: 'intake' } })
    expect(up.fields).toEqual({ key: `orders/${ORDER_ID}/photos/${up.photoId}`, 'Content-Type': 'image/jpeg' })
    await expect(createPhotoUpload({ orders, store, orderId: 'missing', input: { contentType: 'image/png', size: 10, purpose: 'intake' } })).rejects.toMatchObject({ statusCode: 404 })
  })

  it('refuses a confirm of nothing, of a wrong type or size, over the count; records what arrived, once', async () => {
    const confirm = (f: ReturnType<typeof fakes>) => confirmPhoto({ orders, photos: f.photos, store: f.store, orderId: ORDER_ID, photoId: PHOTO_ID, actor })
    await expect(confirm(fakes(null))).rejects.toMatchObject({ statusCode: 400, message: photoMessages.notUploaded })
    await expect(confirm(fakes({ contentType: 'text/html', size: 10, purpose: 'intake' }))).rejects.toMatchObject({ statusCode: 400, message: photoMessages.uploadMismatch })
    await expect(confirm(fakes({ contentType: 'image/png', size: PHOTO_MAX_BYTES + 1, purpose: 'intake' }))).rejects.toMatchObject({ statusCode: 400, message: photoMessages.tooLarge })
    await expect(confirm(fakes({ contentType: 'image/png', size: 10 }))).rejects.toMatchObject({ statusCode: 400, message: photoMessages.uploadMismatch })
    await expect(confirm(fakes({ contentType: 'image/png', size: 10, purpose: 'intake' }, { full: true }))).rejects.toMatchObject({ statusCode: 400, message: photoMessages.limitReached })
    await expect(confirmPhoto({ ...fakes(null), orders, orderId: ORDER_ID, photoId: '../other', actor })).rejects.toMatchObject({ statusCode: 404 })

    const ok = fakes({ contentType: 'image/png', size: 10, purpose: 'intake' })
    const photo = await confirm(ok)
    expect(photo).toMatchObject({ orderId: ORDER_ID, photoId: PHOTO_ID, purpose: 'intake', contentType: 'image/png', size: 10, takenBy: 'staff-1', takenByName: 'Ada Staff' })
    expect((await confirm(ok)).createdAt).toBe(photo.createdAt)
    expect(ok.records).toHaveLength(1)
  })

  it('shows the customer the intake photos of their own order only', async () => {
    const f = fakes({ contentType: 'image/png', size: 10, purpose: 'work' })
    f.records.push({ orderId: ORDER_ID, photoId: 'a', purpose: 'intake', contentType: 'image/png', size: 1, takenBy: 's', takenByName: 'S', createdAt: '2026-01-01T00:00:00.000Z' })
    f.records.push({ orderId: ORDER_ID, photoId: 'b', purpose: 'work', contentType: 'image/png', size: 1, takenBy: 's', takenByName: 'S', createdAt: '2026-01-01T00:00:00.000Z' })
    expect((await listCustomerPhotos({ orders, photos: f.photos, orderId: ORDER_ID, userId: 'cust-1' })).map((p) => p.photoId)).toEqual(['a'])
    await expect(listCustomerPhotos({ orders, photos: f.photos, orderId: ORDER_ID, userId: 'cust-2' })).rejects.toMatchObject({ statusCode: 404 })
  })
})
