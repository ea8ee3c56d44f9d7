/**
 * DynamoDB's attribute values ↔ JavaScript, as `@aws-sdk/util-dynamodb` converts them with the options the
 * functions' document client used (`removeUndefinedValues: true`, nothing else): the same values in, the
 * same values out (test/unit/dynamo-marshall.test.ts holds it to the SDK's functions on generated values).
 * One difference, on purpose: binary travels as base64 text in DynamoDB's JSON (and in a stream record), so
 * `marshall` writes B as base64 and `unmarshall` reads a base64 B back into bytes (the SDK does that in its
 * protocol layer). The bundles alias `@aws-sdk/util-dynamodb` to this file (ElectroDB requires it), so a cold
 * start parses 2 KB here instead of loading the SDK.
 */

export type AttributeValue =
  | { S: string }
  | { N: string }
  | { B: Uint8Array | string }
  | { BOOL: boolean }
  | { NULL: true }
  | { L: AttributeValue[] }
  | { M: Record<string, AttributeValue> }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: (Uint8Array | string)[] }

export type Item = Record<string, AttributeValue>

const isBinary = (v: unknown): v is ArrayBuffer | ArrayBufferView => v instanceof ArrayBuffer || (ArrayBuffer.isView(v) && !(v instanceof DataView))

/** Binary as DynamoDB's JSON carries it: base64. */
const base64Of = (v: ArrayBuffer | ArrayBufferView) => (v instanceof ArrayBuffer ? Buffer.from(v) : Buffer.from(v.buffer, v.byteOffset, v.byteLength)).toString('base64')

function numberText(n: number | bigint): string {
  if (typeof n === 'number' && !Number.isFinite(n)) throw new Error(`Special numeric value ${n} is not allowed`)
  if (typeof n === 'number' && Math.abs(n) > Number.MAX_SAFE_INTEGER) throw new Error(`Number ${n} is greater than Number.MAX_SAFE_INTEGER. Use BigInt.`)
  return String(n)
}

const kept = (v: unknown) => v !== undefined && typeof v !== 'function'
const unsupported = (v: unknown): never => {
  throw new Error(`Unsupported type passed: ${String(v)}`)
}

/** One value; `undefined` and functions inside lists and maps are left out (removeUndefinedValues). */
export function toAttribute(value: unknown): AttributeValue {
  const type = value === null ? 'null' : typeof value
  if (type === 'null') return { NULL: true }
  if (type === 'string') return { S: value as string }
  if (type === 'number' || type === 'bigint') return { N: numberText(value as number) }
  if (type === 'boolean') return { BOOL: value as boolean }
  if (type !== 'object') return unsupported(value)
  if (Array.isArray(value)) return { L: value.filter(kept).map(toAttribute) }
  if (isBinary(value)) return { B: base64Of(value) }
  if (value instanceof Set) {
    // A set of one kind (the first value's): strings, numbers or binaries; never empty.
    const values = [...value].filter(kept)
    const kind = typeof values[0]
    const same = (v: unknown) => (kind === 'object' ? isBinary(v) : typeof v === kind || (kind === 'number' && typeof v === 'bigint')) || unsupported(v)
    if (!values.length) throw new Error('An empty set is not allowed')
    if (kind === 'string') return { SS: values.filter(same) as string[] }
    if (kind === 'number' || kind === 'bigint') return { NS: values.filter(same).map((v) => numberText(v as number)) }
    if (isBinary(values[0])) return { BS: values.filter(same).map((v) => base64Of(v as ArrayBuffer)) }
    return unsupported(values[0])
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== null && proto !== Object.prototype) return unsupported(value)
  return { M: marshall(value as Record<string, unknown>) }
}

/** An item (a plain object) as DynamoDB stores it; `undefined` and functions are left out. */
export function marshall(item: Record<string, unknown>): Item {
  const out: Item = {}
  for (const key of Object.keys(item)) if (kept(item[key])) out[key] = toAttribute(item[key])
  return out
}

/** A number as JavaScript: beyond ±2^53 a BigInt, as the SDK reads one. */
function numberOf(text: string): number | bigint {
  const n = Number(text)
  return Number.isFinite(n) && Math.abs(n) > Number.MAX_SAFE_INTEGER ? BigInt(text) : n
}

const binary = (b: Uint8Array | string) => (typeof b === 'string' ? new Uint8Array(Buffer.from(b, 'base64')) : b)

/** One attribute value as JavaScript (numbers as numbers, beyond 2^53 as BigInt; sets as Set). */
export function fromAttribute(a: AttributeValue): unknown {
  const a_ = a as Record<string, any>
  if ('S' in a_ || 'BOOL' in a_) return a_.S ?? a_.BOOL
  if ('N' in a_) return numberOf(a_.N)
  if ('NULL' in a_) return null
  if ('M' in a_) return unmarshall(a_.M)
  if ('L' in a_) return a_.L.map(fromAttribute)
  if ('B' in a_) return binary(a_.B)
  if ('SS' in a_) return new Set(a_.SS)
  if ('NS' in a_) return new Set(a_.NS.map(numberOf))
  if ('BS' in a_) return new Set(a_.BS.map(binary))
  throw new Error(`Unsupported attribute value: ${JSON.stringify(a)}`)
}

/** An item as JavaScript. */
export function unmarshall(item: Item): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(item)) out[key] = fromAttribute(item[key])
  return out
}
