/**
 * Stands in for the `jsonschema` package inside the Lambda bundles (an esbuild alias in
 * infra/constructs/lambda-bundle.ts); tests and the local stack use the real package.
 *
 * ElectroDB uses `jsonschema` for one thing: checking entity models against its own five
 * schemas when an Entity or Service is built (and telling a model from an Entity instance).
 * The general validator is 29 KB of a function's cold start; this one implements exactly the
 * keywords those schemas use (`$ref`, `type`, `required` (array and boolean), `properties`,
 * `patternProperties`, `items`, `enum`, `format` with custom formats, `minProperties`), with
 * jsonschema's semantics, and throws on any other keyword, so an ElectroDB upgrade that needs
 * more fails the build's test (test/unit/jsonschema-lite.test.ts compares both validators on
 * every model of this app and on broken ones) instead of passing a model silently.
 */

type Schema = Record<string, unknown>
interface ValidationError {
  property: string
  message: string
  name: string
  argument: unknown
}

const KNOWN = new Set(['$ref', 'id', 'type', 'required', 'properties', 'patternProperties', 'items', 'enum', 'format', 'minProperties', 'message', 'description'])

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)

const TYPES: Record<string, (v: unknown) => boolean> = {
  any: () => true,
  object: isObject,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
}

/** jsonschema's getEnumerableProperty: own, or enumerable on the prototype chain. */
function enumerableProperty(object: object, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(object, key)) return (object as Record<string, unknown>)[key]
  if (!(key in object)) return undefined
  for (let o = Object.getPrototypeOf(object); o; o = Object.getPrototypeOf(o)) if (Object.prototype.propertyIsEnumerable.call(o, key)) return o[key]
  return undefined
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => deepEqual((a as Schema)[k], (b as Schema)[k]))
}

const child = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : /^[a-zA-Z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`)

export class Validator {
  // On the prototype, as in jsonschema: ElectroDB adds its formats there (no class field may shadow it).
  declare customFormats: Record<string, (input: unknown) => boolean>
  private readonly schemas: Record<string, Schema> = {}

  addSchema(schema: Schema, id?: string) {
    assertKnownKeywords(schema)
    this.schemas[id ?? (schema.id as string)] = schema
    return schema
  }

  validate(instance: unknown, schema: Schema) {
    assertKnownKeywords(schema)
    const errors: ValidationError[] = []
    this.check(instance, schema, 'instance', errors)
    return { instance, schema, errors, valid: errors.length === 0 }
  }

  private check(instance: unknown, schema: Schema, path: string, errors: ValidationError[]): void {
    if (typeof schema.$ref === 'string') {
      const target = this.schemas[schema.$ref]
      if (!target) throw new Error(`no such schema ${schema.$ref}`)
      return this.check(instance, target, path, errors)
    }
    const fail = (name: string, argument: unknown, message: string) => errors.push({ property: path, name, argument, message })
    // Keyword by keyword in the schema's own order, as jsonschema does (so errors come in the same order).
    for (const keyword of Object.keys(schema)) {
      const value = schema[keyword]
      if (keyword === 'required' && value === true && instance === undefined) fail('required', undefined, 'is required')
      if (instance === undefined) continue
      switch (keyword) {
        case 'type': {
          const types = ([] as unknown[]).concat(value) as string[]
          if (!types.some((t) => TYPES[t]?.(instance))) fail('type', types, `is not of a type(s) ${types.join(',')}`)
          break
        }
        case 'enum':
          if (Array.isArray(value) && !value.some((e) => deepEqual(e, instance))) fail('enum', value, `is not one of enum values: ${value.map(String).join(',')}`)
          break
        case 'format': {
          const format = this.customFormats[value as string]
          if (format && !format(instance)) fail('format', value, `does not conform to the ${JSON.stringify(value)} format`)
          break
        }
        case 'required':
          if (isObject(instance) && Array.isArray(value))
            for (const key of value as string[]) if (enumerableProperty(instance, key) === undefined) fail('required', key, `requires property ${JSON.stringify(key)}`)
          break
        case 'minProperties':
          if (isObject(instance) && Object.keys(instance).length < (value as number)) fail('minProperties', value, `does not meet minimum property length of ${value}`)
          break
        case 'properties':
          if (isObject(instance))
            for (const [key, sub] of Object.entries(value as Record<string, Schema>)) this.check(enumerableProperty(instance, key), sub, child(path, key), errors)
          break
        case 'patternProperties':
          if (isObject(instance))
            for (const key in instance)
              for (const [pattern, sub] of Object.entries(value as Record<string, Schema>)) if (patternRegExp(pattern).test(key)) this.check(instance[key], sub, child(path, key), errors)
          break
        case 'items':
          if (Array.isArray(instance) && isObject(value)) instance.forEach((item, i) => this.check(item, value, child(path, i), errors))
          break
      }
    }
  }
}
Validator.prototype.customFormats = {}

/** As jsonschema: a Unicode pattern if it compiles as one, else a plain one. */
function patternRegExp(pattern: string) {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return new RegExp(pattern)
  }
}

function assertKnownKeywords(schema: unknown, inProperties = false): void {
  if (!isObject(schema)) return
  for (const [key, value] of Object.entries(schema)) {
    if (inProperties) {
      assertKnownKeywords(value)
      continue
    }
    if (!KNOWN.has(key)) throw new Error(`jsonschema-lite: unsupported keyword "${key}" (ElectroDB's model schemas changed: extend functions/lib/jsonschema-lite.ts)`)
    if (key === 'properties' || key === 'patternProperties') assertKnownKeywords(value, true)
    else if (key === 'items') assertKnownKeywords(value)
  }
}

