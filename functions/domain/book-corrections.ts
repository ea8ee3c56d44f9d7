import { bookMessages as m, MAX_CORRECTIONS_PER_LINE } from '@gs/shared/book'
import { firearmTypeLabel } from '@gs/shared/firearms'
import { ValidationError } from '../lib/errors.ts'
import type { Actor } from './audit.ts'
import { acquisitionColumns, dispositionColumns, recorded, type BookChange, type BookEntry, type BookLine, type BookLineColumns } from './book.ts'
import type { Order } from './order.ts'

// Corrections of the A&D book (functions/domain/book.ts): a module of its own, loaded by the correction route only.

/** Column names as the book and the corrections read them. */
export const COLUMN_LABELS: Record<keyof BookLineColumns, string> = {
  acquiredOn: 'Date of receipt',
  from: 'Received from',
  fromName: 'Received from (name)',
  fromLicense: 'Received from (FFL)',
  fromAddress: 'Received from (address)',
  firearmType: 'Type',
  manufacturer: 'Manufacturer',
  importer: 'Importer',
  model: 'Model',
  serialNumber: 'Serial number',
  caliber: 'Caliber or gauge',
  disposedOn: 'Date of disposition',
  to: 'Disposed to',
  toName: 'Disposed to (name)',
  toLicense: 'Disposed to (FFL)',
  toAddress: 'Disposed to (address)',
  method: 'How',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  toIdType: 'ID shown (type)',
  toIdIssuer: 'ID shown (issued by)',
  toIdLast4: 'ID shown (last 4)',
  toIsDeliverer: 'Same person who delivered',
  form4473Ref: 'Form 4473',
  adultSignature: 'Adult signature',
}

const shown = (k: keyof BookLineColumns, v: unknown) => (v === undefined || v === null ? '' : k === 'firearmType' ? firearmTypeLabel(String(v)) : String(v))

/**
 * A correction of the line's acquisition or disposition: the corrected columns (`changed`: only what differs
 * counts), as a new entry naming the one it corrects, and the line with it applied. The original entry and the
 * line's `original` columns never change.
 */
export function correct(
  line: BookLine,
  kind: 'acquisition' | 'disposition',
  changed: Partial<BookLineColumns>,
  { reason, entryId, actor, at }: { reason: string; entryId: string; actor: Actor; at: string },
): { entry: BookEntry; line: BookLine; changes: BookChange[] } {
  const corrects = kind === 'acquisition' ? line.acquisitionEntryId : line.dispositionEntryId
  if (!corrects) throw new ValidationError(m.noDisposition)
  if (line.corrections.length >= MAX_CORRECTIONS_PER_LINE) throw new ValidationError(m.tooManyCorrections)
  const current: BookLineColumns = { ...line.current }
  const changes: BookChange[] = []
  for (const [k, v] of Object.entries(changed) as [keyof BookLineColumns, string | undefined][]) {
    const before = current[k]
    if ((before ?? '') === (v ?? '')) continue
    changes.push({ field: COLUMN_LABELS[k], before: shown(k, before), after: shown(k, v) })
    ;(current as unknown as Record<string, unknown>)[k] = v || undefined
  }
  if (!changes.length) throw new ValidationError(m.nothingToCorrect)
  // A licensee has a license and may have an address; the customer has an address and no license.
  if (current.from === 'customer') current.fromLicense = undefined
  if (current.to === 'customer') current.toLicense = undefined
  const entry: BookEntry = {
    orderId: line.orderId,
    entryId,
    kind: 'correction',
    corrects,
    correctsKind: kind,
    reason,
    columns: kind === 'acquisition' ? acquisitionColumns(current) : dispositionColumns(current),
    changes,
    lineNumber: line.lineNumber,
    ...recorded(actor, at),
  }
  return {
    entry,
    changes,
    line: {
      ...line,
      acquiredOn: current.acquiredOn,
      disposedOn: current.disposedOn,
      current,
      corrections: [...line.corrections, { entryId, correctsKind: kind, recordedAt: at, recordedByName: actor.name, reason, changes }],
      version: line.version + 1,
    },
  }
}

/** The order as a correction leaves it: its description, intake and release follow the line's current columns. */
export function orderAfterCorrection(o: Order, c: BookLineColumns): Order {
  return {
    ...o,
    firearmType: c.firearmType,
    firearmMake: c.manufacturer,
    firearmImporter: c.importer,
    firearmModel: c.model,
    serialNumber: c.serialNumber,
    firearmCaliber: c.caliber,
    intake: o.intake && { ...o.intake, receivedOn: c.acquiredOn, from: c.from, fromName: c.fromName, fromLicense: c.fromLicense, fromAddress: c.fromAddress },
    release: o.release && { ...o.release, releasedOn: c.disposedOn ?? o.release.releasedOn, to: c.to ?? o.release.to, toName: c.toName ?? o.release.toName, toLicense: c.toLicense, toAddress: c.toAddress },
  }
}

