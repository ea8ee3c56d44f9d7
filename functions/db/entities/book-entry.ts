import { cachedEntity } from './cache.ts'
import { gsi } from './gsi.ts'

const text = { type: 'string' } as const

/**
 * One entry of the A&D book (functions/domain/book.ts): an acquisition, a disposition, or a correction of
 * one of them. Written once (create: the key must not exist), in the transaction of the change it records,
 * and never updated or deleted (ATF Ruling 2016-1): a correction is a new entry naming the one it corrects.
 * In the order's partition, outside its `orderDetail` collection.
 */
export const bookEntrySchema = {
  model: { entity: 'bookEntry', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    entryId: { type: 'string', required: true },
    kind: { type: ['acquisition', 'disposition', 'correction'], required: true },
    /** A correction: the entry it corrects (never changed itself) and that entry's kind. */
    corrects: text,
    correctsKind: { type: ['acquisition', 'disposition'] },
    reason: text,
    /** The columns as this entry states them (a correction: the corrected set of its entry's columns). */
    columns: {
      type: 'map',
      properties: {
        date: text,
        party: text,
        name: text,
        license: text,
        address: text,
        firearmType: text,
        manufacturer: text,
        importer: text,
        model: text,
        serialNumber: text,
        caliber: text,
        method: text,
        carrier: text,
        trackingNumber: text,
        /** A disposition's checks (shared/src/release-checks.ts), as recorded: ID type, issuer, last 4; 'yes'/'no'; the 4473; 'yes'/'no'. */
        idType: text,
        idIssuer: text,
        idLast4: text,
        isDeliverer: text,
        form4473Ref: text,
        adultSignature: text,
      },
    },
    /** A correction's changes, before → after, by column. */
    changes: { type: 'list', items: { type: 'map', properties: { field: text, before: text, after: text } } },
    lineNumber: { type: 'number', required: true },
    recordedAt: { type: 'string', required: true },
    recordedById: { type: 'string', required: true },
    recordedByName: { type: 'string', required: true },
    /** Derived: 'book' on corrections only, so the corrections view is one sparse index. */
    correctionList: { type: 'string', hidden: true, watch: ['kind'], set: (_: unknown, i: { kind?: string }) => (i.kind === 'correction' ? 'book' : undefined) },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['entryId'] },
    },
    // The corrections view: every correction, newest first.
    byCorrection: gsi(1, ['correctionList'], ['entryId']),
  },
} as const

export const bookEntryEntity = cachedEntity(bookEntrySchema)
