/**
 * The Lambda bundles swap `jsonschema` for functions/lib/jsonschema-lite.ts (see
 * infra/constructs/lambda-bundle.ts). ElectroDB's model check must give the same verdict
 * and the same message with both: compared here on every model of the app, on broken
 * variants of them, and on things that are not models (the check also tells a model from
 * an Entity or Service instance).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Entity, Service } from 'electrodb'
import * as esbuild from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { lambdaBuildOptions } from '../../infra/constructs/lambda-bundle.ts'

type Validations = { testModel(model: unknown): [boolean, string] }
const require = createRequire(import.meta.url)
const real = require('electrodb/src/validations.js') as Validations

// ElectroDB's own validations module, bundled with the Lambda bundles' alias (CommonJS, to load it here).
// Inside node_modules, so the SDK ElectroDB requires resolves (it stays external, as in the functions).
const dir = fs.mkdtempSync(path.join(import.meta.dirname, '../../node_modules/.jsonschema-lite-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const liteFile = path.join(dir, 'validations.cjs')
const sameAlias = (entry: string): esbuild.BuildOptions => ({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  external: ['@aws-sdk/*'],
  alias: lambdaBuildOptions('x', dir).alias,
  logLevel: 'silent',
})
esbuild.buildSync({ ...sameAlias(require.resolve('electrodb/src/validations.js')), outfile: liteFile })
const lite = require(liteFile) as Validations
// And the whole of ElectroDB so bundled, as the functions run it.
const liteElectroFile = path.join(dir, 'electrodb.cjs')
esbuild.buildSync({ ...sameAlias(require.resolve('electrodb')), outfile: liteElectroFile })
const liteElectro = require(liteElectroFile) as typeof import('electrodb')

const entitiesDir = path.resolve(import.meta.dirname, '../../functions/db/entities')
const models = (
  await Promise.all(fs.readdirSync(entitiesDir).filter((f) => f.endsWith('.ts')).map(async (f) => Object.entries(await import(path.join(entitiesDir, f)))))
)
  .flat()
  .filter(([name]) => name.endsWith('Schema')) as Array<[string, Record<string, any>]>
/** A deep copy that keeps functions (models carry `default`, `get`, `set`). */
const clone = <T>(v: T): T =>
  (Array.isArray(v) ? v.map(clone) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) : v) as T
const without = (model: Record<string, any>, pathToKey: string[]) => {
  const m = clone(model)
  const parent = pathToKey.slice(0, -1).reduce((o, k) => o[k], m)
  delete parent[pathToKey.at(-1)!]
  return m
}
const withValue = (model: Record<string, any>, pathToKey: string[], value: unknown) => {
  const m = clone(model)
  pathToKey.slice(0, -1).reduce((o, k) => o[k], m)[pathToKey.at(-1)!] = value
  return m
}

describe('jsonschema-lite gives ElectroDB the same answers as jsonschema', () => {
  it('finds the app models', () => {
    expect(models.length).toBeGreaterThanOrEqual(9)
  })

  it.each(models)('%s is a valid model for both', (_name, model) => {
    expect(real.testModel(model)).toEqual([true, ''])
    expect(lite.testModel(model)).toEqual(real.testModel(model))
  })

  const broken = models.flatMap(([name, model]) => {
    const [firstAttr] = Object.keys(model.attributes)
    const [firstIndex] = Object.keys(model.indexes)
    return [
      [`${name} without model`, without(model, ['model'])],
      [`${name} without attributes`, without(model, ['attributes'])],
      [`${name} without indexes`, without(model, ['indexes'])],
      [`${name} without the pk`, without(model, ['indexes', firstIndex, 'pk'])],
      [`${name} with a numeric entity name`, withValue(model, ['model', 'entity'], 42)],
      [`${name} with an attribute of no type`, without(model, ['attributes', firstAttr, 'type'])],
      [`${name} with a numeric attribute type`, withValue(model, ['attributes', firstAttr, 'type'], 7)],
      [`${name} with a get that is not a function`, withValue(model, ['attributes', firstAttr, 'get'], 'nope')],
      [`${name} with a validate of the wrong kind`, withValue(model, ['attributes', firstAttr, 'validate'], 12)],
      [`${name} with a bad index type`, withValue(model, ['indexes', firstIndex, 'type'], 'sideways')],
      [`${name} with composite not an array`, withValue(model, ['indexes', firstIndex, 'pk', 'composite'], 'orderId')],
      [`${name} with no attributes at all`, withValue(model, ['attributes'], {})],
    ] as Array<[string, unknown]>
  })

  it.each(broken)('%s: same verdict and message', (_name, model) => {
    expect(lite.testModel(model)).toEqual(real.testModel(model))
  })

  const notModels: Array<[string, unknown]> = [
    ['an Entity instance', new Entity(models[0][1] as any)],
    ['a Service instance', new Service({ a: new Entity(models[0][1] as any) })],
    ['an empty object', {}],
    ['null', null],
    ['a string', 'order'],
    ['an array', [models[0][1]]],
  ]
  it.each(notModels)('%s: same verdict', (_name, value) => {
    expect(lite.testModel(value)[0]).toBe(real.testModel(value)[0])
    expect(lite.testModel(value)).toEqual(real.testModel(value))
  })

  it('the bundled ElectroDB builds every entity and the service exactly as the real one does', () => {
    const build = (E: typeof Entity, S: typeof Service) => {
      const service = new S(Object.fromEntries(models.map(([name, model]) => [name, new E(model as any, { table: 't' })])) as any, { table: 't' })
      return { collections: Object.keys(service.collections), schemas: Object.fromEntries(Object.entries(service.entities).map(([n, e]) => [n, JSON.stringify((e as any).schema)])) }
    }
    expect(build(liteElectro.Entity, liteElectro.Service)).toEqual(build(Entity, Service))
    expect(() => new liteElectro.Entity(without(models[0][1], ['indexes']) as any)).toThrow(/requires property "indexes"/)
  })

  it('refuses a schema keyword it does not implement, instead of passing it', async () => {
    const { Validator } = await import('../../functions/lib/jsonschema-lite.ts')
    expect(() => new Validator().validate({}, { type: 'object', additionalProperties: false })).toThrow(/unsupported keyword "additionalProperties"/)
  })
})
