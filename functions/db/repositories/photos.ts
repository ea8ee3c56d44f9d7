import { createWriteTransaction } from 'electrodb'
import type { AuditEvent } from '#functions/domain/audit.ts'
import type { PhotoRecord } from '#functions/domain/photos.ts'
import { auditEventEntity } from '../entities/audit-event.ts'
import { counterEntity } from '../entities/counter.ts'
import { photoEntity } from '../entities/photo.ts'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import type { TableConfig } from '../table.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { auditItem, resolveAudit } from './audit.ts'

/** The counter of an order's photos (kept in the transaction of each photo's record; its limit is the condition). */
const photoCounter = (orderId: string) => `photos#${orderId}`

export class PhotoLimitReached extends Error {}
export class PhotoExists extends Error {}

export interface PhotoRepository {
  /** Records a confirmed photo, counts it under `limit` and appends its audit records: all or nothing. */
  addPhoto(photo: PhotoRecord, opts: { limit: number; audit: readonly AuditEvent[] }): Promise<void>
  getPhoto(orderId: string, photoId: string): Promise<PhotoRecord | null>
  /** The order's photos, newest first: one Query of at most `limit` items (an order keeps at most the per-order limit). */
  listPhotos(orderId: string, limit: number): Promise<PhotoRecord[]>
}

export function createPhotoRepository(config: TableConfig): PhotoRepository {
  const photo = photoEntity(config)
  const counter = counterEntity(config)
  const auditEvent = auditEventEntity(config)
  return {
    async addPhoto(record, { limit, audit }) {
      const events = await resolveAudit(audit)
      // Two photos of one order confirmed at the same moment meet on the counter: the same write again.
      return retryOnConflict(async () => {
      const result = await createWriteTransaction({ photo, counter, auditEvent }, (e) => [
        e.photo.create(record).commit(),
        e.counter
          .update({ name: photoCounter(record.orderId) })
          .add({ value: 1 })
          .where(({ value }, { lt, notExists }) => `${notExists(value)} OR ${lt(value, limit)}`)
          .commit(),
        ...events.map((ev) => e.auditEvent.create(auditItem(ev)).commit()),
      ]).go()
      if (!result.canceled) return
      const codes = cancellationCodes(result.data)
      if (codes[0] === CONDITION_FAILED) throw new PhotoExists()
      if (codes[1] === CONDITION_FAILED) throw new PhotoLimitReached()
      if (codes.includes(TRANSACTION_CONFLICT)) throw new ContendedTransaction(codes)
      throw new Error(`Photo transaction cancelled: ${JSON.stringify(codes)}`)
      })
    },
    async getPhoto(orderId, photoId) {
      const { data } = await photo.get({ orderId, photoId }).go()
      return (data as PhotoRecord | null) ?? null
    },
    async listPhotos(orderId, limit) {
      const { data } = await photo.query.byOrder({ orderId }).go({ order: 'desc', limit })
      return data as PhotoRecord[]
    },
  }
}
