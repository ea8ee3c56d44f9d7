/**
 * Condition photos (docs/business-rules.md, "Condition photos"): what staff may upload, how big, how many, and the
 * words the portal says about them. The API's presigned policy, its confirm and the SPA read the same values.
 */

/** The types the portal stores. HEIC/HEIF (iPhone) is refused unless the browser converted it to JPEG on the way. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number]

/** The `accept` of the SPA's file input (a phone offers its camera and converts HEIC to JPEG for it). */
export const PHOTO_ACCEPT = PHOTO_CONTENT_TYPES.join(',')

/** Largest photo, in bytes (10 MB): the presigned policy's content-length-range and the confirm's check. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
/** Most photos one order keeps (a counter in the order's partition, in the transaction of each photo's record). */
export const PHOTOS_PER_ORDER = 30
/** Minutes an upload form stays valid. */
export const PHOTO_UPLOAD_EXPIRES_SECONDS = 10 * 60
/** Seconds a photo's viewing link stays valid (a page read again gets new ones). */
export const PHOTO_VIEW_EXPIRES_SECONDS = 5 * 60
/** Intake photos the printed work order shows. */
export const WORK_ORDER_PHOTOS = 4

/** When the photo was taken: at intake (the customer sees these), during the work, or at release. */
export const PHOTO_PURPOSES = ['intake', 'work', 'release'] as const
export type PhotoPurpose = (typeof PHOTO_PURPOSES)[number]
export const PHOTO_PURPOSE_LABELS: Record<PhotoPurpose, string> = { intake: 'Intake', work: 'During work', release: 'Release' }

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

export const photoMessages = {
  contentTypeRefused: 'Photos must be JPEG or PNG.',
  heicRefused: 'HEIC/HEIF photos cannot be stored: set the camera to "Most Compatible" (JPEG) or export the photo as JPEG, then upload it again.',
  tooLarge: `A photo may be at most ${mb(PHOTO_MAX_BYTES)}.`,
  sizeInvalid: 'Give the photo size in bytes.',
  purposeInvalid: 'Choose intake, work or release.',
  limitReached: `This order has ${PHOTOS_PER_ORDER} photos, the most it may keep.`,
  notUploaded: 'The photo did not arrive: upload it again.',
  uploadMismatch: 'The uploaded file is not the photo that was announced: upload it again.',
  photoNotFound: 'Photo not found',
  uploadFailed: 'The upload failed: check the connection and try again.',
  /** The SPA's hint under the picker. */
  hint: `JPEG or PNG, up to ${mb(PHOTO_MAX_BYTES)} each, ${PHOTOS_PER_ORDER} per order. Photos are kept as evidence and cannot be removed.`,
  none: 'No photos yet.',
  customerHeading: 'Intake photos',
  customerHint: 'Taken by the shop when your firearm arrived.',
} as const

/** The refusal for a file the browser offers (by its type, or its name when the type is blank). */
export function photoFileProblem(file: { type: string; size: number; name?: string }): string | null {
  const type = file.type.toLowerCase()
  if (/^image\/hei[cf]/.test(type) || (!type && /\.(heic|heif)$/i.test(file.name ?? ''))) return photoMessages.heicRefused
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(type)) return photoMessages.contentTypeRefused
  if (file.size > PHOTO_MAX_BYTES) return photoMessages.tooLarge
  if (file.size < 1) return photoMessages.sizeInvalid
  return null
}

/** A stored condition photo as the API answers it (GET …/photos): `url` and `thumbnailUrl` are short-lived links. */
export interface Photo {
  id: string
  orderId: string
  purpose: PhotoPurpose
  contentType: PhotoContentType
  size: number
  /** Staff: who took it (their name); the customer's read leaves it out. */
  takenByName?: string
  createdAt: string
  /** A link to the photo, valid PHOTO_VIEW_EXPIRES_SECONDS. */
  url: string
  /** The grid's image: the same object (thumbnails are the original scaled by the page; docs/architecture.md). */
  thumbnailUrl: string
}

/** POST …/photos/uploads: where the browser POSTs the file (multipart: `fields` first, then `file`), within `expiresAt`. */
export interface PhotoUpload {
  photoId: string
  url: string
  fields: Record<string, string>
  expiresAt: string
  maxBytes: number
}

/** The photos of an order (at most PHOTOS_PER_ORDER, newest first). */
export interface PhotoList {
  items: Photo[]
  limit: number
}
