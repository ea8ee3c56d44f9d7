/**
 * Condition photos (docs/business-rules.md, "Condition photos"): staff announce a photo and get a presigned POST,
 * the browser uploads straight to the bucket (here: fetch to the local S3 server, s3rver), the confirm checks what
 * arrived and records it; the customer sees the intake photos of their own order; nothing deletes them.
 */
import { PHOTO_MAX_BYTES, PHOTOS_PER_ORDER, photoMessages, type Photo, type PhotoList, type PhotoUpload } from '@gs/shared/photos'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeKey, routes } from '../../functions/routes.ts'
import { createAuditRepository } from '../../functions/db/repositories/audit.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, seedWorld, type TestUser, type World } from './quality-helpers.ts'
import { JPEG_1PX, PNG_1PX, postToPresigned } from '../support/photo-fixtures.ts'

const route = (key: string) => {
  const r = routes.find((x) => routeKey(x) === key)
  if (!r) throw new Error(`no route ${key}`)
  return r
}
const UPLOADS = route('POST /api/admin/orders/{orderId}/photos/uploads')
const CONFIRM = route('POST /api/admin/orders/{orderId}/photos/{photoId}/confirm')
const STAFF_LIST = route('GET /api/admin/orders/{orderId}/photos')
const CUSTOMER_LIST = route('GET /api/orders/{orderId}/photos')
const DELETE_ORDER = route('DELETE /api/admin/orders/{orderId}')

let admin: TestUser
let owner: TestUser
let other: TestUser
let world: World

async function announce(orderId: string, body: Record<string, unknown>) {
  return call(UPLOADS, { params: { orderId }, body, claims: admin.claims })
}

/** Announce, upload and confirm one photo; answers the confirmed photo. */
async function addPhoto(orderId: string, purpose: 'intake' | 'work' | 'release', file = PNG_1PX, type = 'image/png'): Promise<Photo> {
  const up = await announce(orderId, { contentType: type, size: file.length, purpose })
  expect(up.status, up.text).toBe(201)
  const upload = up.body as PhotoUpload
  const posted = await postToPresigned(upload, file, type)
  expect(posted.status).toBeLessThan(300)
  const confirmed = await call(CONFIRM, { params: { orderId, photoId: upload.photoId }, claims: admin.claims })
  expect(confirmed.status, confirmed.text).toBe(201)
  return confirmed.body as Photo
}

const staffList = async (orderId: string) => {
  const res = await call(STAFF_LIST, { params: { orderId }, claims: admin.claims })
  expect(res.status, res.text).toBe(200)
  return res.body as PhotoList
}

beforeAll(async () => {
  useStackTable()
  ;[admin, owner, other] = await Promise.all([createTestUser('admin'), createTestUser('customer', 'Olive'), createTestUser('customer', 'Otto')])
  world = await seedWorld(owner.userId, owner.email)
}, 120_000)

describe('condition photos', () => {
  it('presigns a POST for the order\'s own key, uploads to S3 (not through the API), confirms, lists with a short-lived link', async () => {
    const orderId = world.order.orderId
    const up = await announce(orderId, { contentType: 'image/png', size: PNG_1PX.length, purpose: 'intake' })
    expect(up.status, up.text).toBe(201)
    const upload = up.body as PhotoUpload
    expect(upload.fields.key).toBe(`orders/${orderId}/photos/${upload.photoId}`)
    expect(upload.fields['Content-Type']).toBe('image/png')
    expect(upload.maxBytes).toBe(PHOTO_MAX_BYTES)
    // The policy: the size range and the fixed content type, expiring in minutes.
    const policy = JSON.parse(Buffer.from(upload.fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PHOTO_MAX_BYTES])
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/png' })
    const minutes = (Date.parse(policy.expiration) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(1)
    expect(minutes).toBeLessThanOrEqual(10)

    // Announced, not uploaded yet: not listed, and its confirm is refused.
    expect((await staffList(orderId)).items.map((p) => p.id)).not.toContain(upload.photoId)
    const early = await call(CONFIRM, { params: { orderId, photoId: upload.photoId }, claims: admin.claims })
    expect(early).toMatchObject({ status: 400, body: { error: { message: photoMessages.notUploaded } } })

    expect((await postToPresigned(upload, PNG_1PX, 'image/png')).status).toBeLessThan(300)
    const confirmed = await call(CONFIRM, { params: { orderId, photoId: upload.photoId }, claims: admin.claims })
    expect(confirmed.status, confirmed.text).toBe(201)
    expect(confirmed.body).toMatchObject({ id: upload.photoId, orderId, purpose: 'intake', contentType: 'image/png', size: PNG_1PX.length, takenByName: expect.stringContaining('Ada') })
    // Confirming again answers the same photo, recorded once.
    const again = await call(CONFIRM, { params: { orderId, photoId: upload.photoId }, claims: admin.claims })
    expect(again.body.createdAt).toBe(confirmed.body.createdAt)

    const list = await staffList(orderId)
    expect(list.limit).toBe(PHOTOS_PER_ORDER)
    expect(list.items.filter((p) => p.id === upload.photoId)).toHaveLength(1)
    const shown = list.items.find((p) => p.id === upload.photoId)!
    // A presigned GET valid five minutes, serving the very bytes uploaded.
    expect(new URL(shown.url).searchParams.get('X-Amz-Expires')).toBe('300')
    const got = await fetch(shown.url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG_1PX)).toBe(true)

    // The staff action is in the audit log.
    const audit = await createAuditRepository(defaultTable()).listForOrder(orderId, { limit: 20 })
    expect(audit.items.filter((e) => e.action === 'order.photo_add')).toHaveLength(1)
  }, 60_000)

  it('refuses a type other than JPEG or PNG (HEIC with its own words), an oversized photo, a bad purpose: 400, nothing recorded', async () => {
    const orderId = world.order.orderId
    const before = (await staffList(orderId)).items.length
    expect(await announce(orderId, { contentType: 'image/heic', size: 1_000, purpose: 'intake' })).toMatchObject({ status: 400, body: { error: { message: photoMessages.heicRefused } } })
    expect(await announce(orderId, { contentType: 'image/gif', size: 1_000, purpose: 'intake' })).toMatchObject({ status: 400, body: { error: { message: photoMessages.contentTypeRefused } } })
    expect(await announce(orderId, { contentType: 'image/jpeg', size: PHOTO_MAX_BYTES + 1, purpose: 'intake' })).toMatchObject({ status: 400, body: { error: { message: photoMessages.tooLarge } } })
    expect(await announce(orderId, { contentType: 'image/jpeg', size: 1_000, purpose: 'selfie' })).toMatchObject({ status: 400, body: { error: { message: photoMessages.purposeInvalid } } })

    // A file larger than announced and than the limit (S3 refuses it by the policy; the confirm checks it again).
    const up = await announce(orderId, { contentType: 'image/jpeg', size: 1_000, purpose: 'intake' })
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1, 1)
    const posted = await postToPresigned(up.body as PhotoUpload, big, 'image/jpeg')
    if (posted.status < 300) {
      const res = await call(CONFIRM, { params: { orderId, photoId: up.body.photoId }, claims: admin.claims })
      expect(res).toMatchObject({ status: 400, body: { error: { message: photoMessages.tooLarge } } })
    }
    expect((await staffList(orderId)).items.length).toBe(before)
  }, 60_000)

  it('shows the customer only the intake photos of their own order; another customer gets 404', async () => {
    const orderId = world.order.orderId
    const intake = await addPhoto(orderId, 'intake', JPEG_1PX, 'image/jpeg')
    const work = await addPhoto(orderId, 'work')
    const mine = await call(CUSTOMER_LIST, { params: { orderId }, claims: owner.claims })
    expect(mine.status, mine.text).toBe(200)
    const ids = (mine.body as PhotoList).items.map((p) => p.id)
    expect(ids).toContain(intake.id)
    expect(ids).not.toContain(work.id)
    expect((mine.body as PhotoList).items.every((p) => p.purpose === 'intake' && p.takenByName === undefined)).toBe(true)
    const fetched = await fetch((mine.body as PhotoList).items.find((p) => p.id === intake.id)!.url)
    expect(fetched.status).toBe(200)

    const theirs = await call(CUSTOMER_LIST, { params: { orderId }, claims: other.claims })
    expect(theirs.status).toBe(404)
    expect(theirs.text).not.toContain(intake.id)
    // Staff see both, newest first.
    const staff = (await staffList(orderId)).items.map((p) => p.id)
    expect(staff.indexOf(work.id)).toBeLessThan(staff.indexOf(intake.id))
  }, 60_000)

  it('keeps the photos when the order is deleted (records and objects), and refuses new ones on it', async () => {
    const waiting = await seedWorld(owner.userId, owner.email, { received: false })
    const orderId = waiting.order.orderId
    const photo = await addPhoto(orderId, 'intake')
    const del = await call(DELETE_ORDER, { params: { orderId }, claims: admin.claims })
    expect(del.status, del.text).toBe(200)
    const after = await staffList(orderId)
    expect(after.items.map((p) => p.id)).toEqual([photo.id])
    expect((await fetch(after.items[0].url)).status).toBe(200)
    // The deleted order is no longer the customer's to see, nor open to new photos.
    expect((await call(CUSTOMER_LIST, { params: { orderId }, claims: owner.claims })).status).toBe(404)
    expect((await announce(orderId, { contentType: 'image/png', size: 10, purpose: 'work' })).status).toBe(404)
  }, 60_000)
})
