import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PHOTO_PURPOSES, photoMessages as m } from '../photos.ts'
import * as z from './zod.ts'

const contentTypeMessage = (input: unknown) => (/^image\/hei[cf]/i.test(String(input)) ? m.heicRefused : m.contentTypeRefused)

/** POST /api/admin/orders/{orderId}/photos/uploads: the photo staff are about to upload. */
export const photoUploadSchema = z.strictObject({
  contentType: z.string({ error: m.contentTypeRefused }).check(
    z.refine((t) => (PHOTO_CONTENT_TYPES as readonly string[]).includes(t.toLowerCase()), { error: (iss) => contentTypeMessage(iss.input) }),
  ),
  size: z.number({ error: m.sizeInvalid }).check(z.int(m.sizeInvalid), z.gte(1, m.sizeInvalid), z.lte(PHOTO_MAX_BYTES, m.tooLarge)),
  purpose: z.enum(PHOTO_PURPOSES, { error: m.purposeInvalid }),
})
export type PhotoUploadInput = z.infer<typeof photoUploadSchema>

