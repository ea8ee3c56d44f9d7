/**
 * `npm run verify-book-restore` against DynamoDB Local: a book written through the entities into a table of its own,
 * copied item for item into a second table as a restore would, passes; the copy with one entry changed, one dropped,
 * a line dropped or the counter moved fails, naming what differs.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { BatchWriteCommand, DeleteCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { BOOK_LINE_COUNTER, bookEntities } from '../../functions/db/repositories/book-writes.ts'
import type { BookEntry, BookLine, BookLineColumns } from '../../functions/domain/book.ts'
import { ensureTable, localDocumentClient, localDynamoClient } from '../../infra/local/table.ts'
import { main } from '../../scripts/verify-book-restore.ts'
import { stack } from './helpers.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const suffix = () => Math.random().toString(36).slice(2, 10)
const endpoint = () => stack().dynamoEndpoint
const client = () => localDocumentClient(endpoint())

const source = `book-live-${suffix()}`
const staff = { recordedById: 'staff-1', recordedByName: 'Sam Smith' }

/** One firearm's line and entries: received, maybe released, maybe corrected (as the book's writes leave them). */
function firearm(lineNumber: number, { released = false, corrections = 0 }: { released?: boolean; corrections?: number } = {}) {
  const orderId = uuid()
  const acquiredOn = `2026-01-${String(lineNumber).padStart(2, '0')}`
  const acquisition: BookEntry = {
    orderId,
    entryId: sortableId(),
    kind: 'acquisition',
    columns: { date: acquiredOn, party: 'customer', name: `Customer ${lineNumber}`, address: '1 Main St, Springfield, IL 62701', firearmType: 'pistol', manufacturer: 'Colt', model: '1911', serialNumber: `SN-${lineNumber}00`, caliber: '.45 ACP' },
    lineNumber,
    recordedAt: `${acquiredOn}T15:00:00.000Z`,
    ...staff,
  }
  const current: BookLineColumns = { acquiredOn, from: 'customer', fromName: `Customer ${lineNumber}`, fromAddress: '1 Main St, Springfield, IL 62701', firearmType: 'pistol', manufacturer: 'Colt', model: '1911', serialNumber: `SN-${lineNumber}00`, caliber: '.45 ACP' }
  const entries: BookEntry[] = [acquisition]
  let disposition: BookEntry | undefined
  if (released) {
    disposition = { orderId, entryId: sortableId(), kind: 'disposition', columns: { date: '2026-02-01', party: 'customer', name: `Customer ${lineNumber}`, address: '1 Main St, Springfield, IL 62701', method: 'ship', carrier: 'UPS', trackingNumber: `1Z${lineNumber}` }, lineNumber, recordedAt: '2026-02-01T15:00:00.000Z', ...staff }
    entries.push(disposition)
    Object.assign(current, { disposedOn: '2026-02-01', to: 'customer', toName: `Customer ${lineNumber}`, toAddress: '1 Main St, Springfield, IL 62701', method: 'ship', carrier: 'UPS', trackingNumber: `1Z${lineNumber}` })
  }
  const original = { ...current }
  const summaries: BookLine['corrections'] = []
  for (let c = 1; c <= corrections; c++) {
    const before = current.serialNumber!
    const after = `${before}-${c}`
    const correction: BookEntry = {
      orderId,
      entryId: sortableId(),
      kind: 'correction',
      corrects: acquisition.entryId,
      correctsKind: 'acquisition',
      reason: 'Serial misread at intake',
      columns: { ...acquisition.columns, serialNumber: after },
      changes: [{ field: 'serialNumber', before, after }],
      lineNumber,
      recordedAt: `2026-03-0${c}T15:00:00.000Z`,
      ...staff,
    }
    entries.push(correction)
    current.serialNumber = after
    summaries.push({ entryId: correction.entryId, correctsKind: 'acquisition', recordedAt: correction.recordedAt, recordedByName: staff.recordedByName, reason: correction.reason!, changes: correction.changes! })
  }
  const line: BookLine = {
    orderId,
    orderNumber: `GS-${1000 + lineNumber}`,
    customerId: uuid(),
    lineNumber,
    acquisitionEntryId: acquisition.entryId,
    ...(disposition ? { dispositionEntryId: disposition.entryId, disposedOn: '2026-02-01' } : {}),
    acquiredOn,
    current,
    original,
    corrections: summaries,
    version: 1 + (released ? 1 : 0) + corrections,
  }
  return { line, entries }
}

/** Every item of one table into another, unchanged: what a restore of a recovery point gives. */
async function copyTable(from: string, to: string) {
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await client().send(new ScanCommand({ TableName: from, ExclusiveStartKey }))
    const items = page.Items ?? []
    for (let i = 0; i < items.length; i += 25) {
      await client().send(new BatchWriteCommand({ RequestItems: { [to]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }))
    }
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
}

async function restoredCopy(): Promise<string> {
  const name = `book-restored-${suffix()}`
  await ensureTable(localDynamoClient(endpoint()), name)
  await copyTable(source, name)
  return name
}

/** The raw item (keys and all) of an entry or line, found in its order's partition. */
async function rawItem(table: string, orderId: string, entity: 'bookEntry' | 'bookLine', entryId?: string) {
  const { Items = [] } = await client().send(new ScanCommand({ TableName: table }))
  const item = Items.find((i) => i.__edb_e__ === entity && i.orderId === orderId && (entryId === undefined || i.entryId === entryId))
  expect(item, `${entity} ${orderId} ${entryId ?? ''}`).toBeDefined()
  return item!
}

async function verify(restored: string) {
  const out: string[] = []
  const code = await main(['--source', source, '--restored', restored, '--endpoint', endpoint()], (line) => out.push(line))
  return { code, text: out.join('\n') }
}

const book = [firearm(1, { released: true, corrections: 1 }), firearm(2), firearm(3, { corrections: 2 }), firearm(4, { released: true })]

beforeAll(async () => {
  await ensureTable(localDynamoClient(endpoint()), source)
  const { bookLine, bookEntry, counter } = bookEntities({ table: source, client: client() })
  for (const { line, entries } of book) {
    for (const e of entries) await bookEntry.create(e).go()
    await bookLine.create(line).go()
  }
  await counter.put({ name: BOOK_LINE_COUNTER, value: book.length }).go()
  // Not the book: an item of another kind in the same table is neither read nor compared.
  await client().send(new PutCommand({ TableName: source, Item: { pk: '$gunsmith#other', sk: '$note', note: 'not in the book' } }))
})

describe('npm run verify-book-restore', () => {
  it('passes a copy of the table, item for item, as a restore gives it, and says what each book holds', async () => {
    const { code, text } = await verify(await restoredCopy())
    expect(code, text).toBe(0)
    expect(text).toMatch(new RegExp(`${source}: 4 lines \\(highest number 4, counter at 4\\), 4 acquisitions, 2 dispositions, 3 corrections \\(3 in the corrections view\\)`))
    expect(text).toMatch(/is the book in/)
  })

  it('fails a copy where one entry was changed, naming the entry and the column', async () => {
    const restored = await restoredCopy()
    const [, , third] = book
    const correction = third.entries.find((e) => e.kind === 'correction')!
    const item = await rawItem(restored, third.line.orderId, 'bookEntry', correction.entryId)
    await client().send(new UpdateCommand({ TableName: restored, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: 'SET #c.#s = :v', ExpressionAttributeNames: { '#c': 'columns', '#s': 'serialNumber' }, ExpressionAttributeValues: { ':v': 'SN-TAMPERED' } }))
    const { code, text } = await verify(restored)
    expect(code, text).toBe(1)
    expect(text).toMatch(/digest of the entries/)
    expect(text).toContain(`correction entry ${correction.entryId} of line 3 (order ${third.line.orderId}) [pk ${item.pk}, sk ${item.sk}]: differs in ${restored} (columns.serialNumber)`)
  })

  it('fails a copy missing one entry, a copy missing a line, and a copy whose counter moved', async () => {
    const [first, second] = book
    const withoutEntry = await restoredCopy()
    const disposition = first.entries.find((e) => e.kind === 'disposition')!
    const entryItem = await rawItem(withoutEntry, first.line.orderId, 'bookEntry', disposition.entryId)
    await client().send(new DeleteCommand({ TableName: withoutEntry, Key: { pk: entryItem.pk, sk: entryItem.sk } }))
    const dropped = await verify(withoutEntry)
    expect(dropped.code, dropped.text).toBe(1)
    expect(dropped.text).toMatch(/entries by kind: .*"disposition":2.* in .*"disposition":1/)
    expect(dropped.text).toContain(`disposition entry ${disposition.entryId} of line 1 (order ${first.line.orderId}) [pk ${entryItem.pk}, sk ${entryItem.sk}]: missing from ${withoutEntry}`)

    const withoutLine = await restoredCopy()
    const lineItem = await rawItem(withoutLine, second.line.orderId, 'bookLine')
    await client().send(new DeleteCommand({ TableName: withoutLine, Key: { pk: lineItem.pk, sk: lineItem.sk } }))
    const noLine = await verify(withoutLine)
    expect(noLine.code, noLine.text).toBe(1)
    expect(noLine.text).toContain(`lines: 4 in ${source}, 3 in ${withoutLine}`)
    expect(noLine.text).toContain(`line 2 (order ${second.line.orderId}) [pk ${lineItem.pk}, sk ${lineItem.sk}]: missing from ${withoutLine}`)

    const counterMoved = await restoredCopy()
    await bookEntities({ table: counterMoved, client: client() }).counter.put({ name: BOOK_LINE_COUNTER, value: 3 }).go()
    const moved = await verify(counterMoved)
    expect(moved.code, moved.text).toBe(1)
    expect(moved.text).toContain(`entry-number counter: 4 in ${source}, 3 in ${counterMoved}`)
  })

  it('exits non-zero from the command line on a difference, and 2 when it cannot compare', async () => {
    const restored = await restoredCopy()
    const [first] = book
    const lineItem = await rawItem(restored, first.line.orderId, 'bookLine')
    await client().send(new UpdateCommand({ TableName: restored, Key: { pk: lineItem.pk, sk: lineItem.sk }, UpdateExpression: 'SET #v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': 99 } }))
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-book-restore.ts', ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }, timeout: 60_000 })
    const differs = run(['--source', source, '--restored', restored, '--endpoint', endpoint()])
    expect(differs.status, differs.stdout + differs.stderr).toBe(1)
    expect(differs.stdout).toContain(`line 1 (order ${first.line.orderId}) [pk ${lineItem.pk}, sk ${lineItem.sk}]: differs in ${restored} (version)`)

    const missing = run(['--source', source, '--restored', `no-such-table-${suffix()}`, '--endpoint', endpoint()])
    expect(missing.status, missing.stdout + missing.stderr).toBe(2)
    expect(missing.stdout).toMatch(/ResourceNotFoundException/)
    expect(run(['--source', source]).status).toBe(2)
  })
})
