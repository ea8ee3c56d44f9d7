/**
 * The Lambda bundles swap `jsonschema` for functions/lib/jsonschema-lite.ts (see
 * infra/constructs/lambda-bundle.ts), which does not re-check entity models at a cold start. That is
 * safe because the check runs here, with the real package: every model of the app is valid for
 * ElectroDB, broken variants are refused, and the bundled ElectroDB builds every entity exactly as
 * the real one does.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Entity } from 'electrodb'
import * as esbuild from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { lambdaBuildOptions } from '../../infra/constructs/lambda-bundle.ts'

type Validations = { testModel(model: unknown): [boolean, string] }
const require = createRequire(import.meta.url)
const real = require('electrodb/src/validations.js') as Validations

// The whole of ElectroDB bundled with the Lambda bundles' alias (CommonJS, to load it here), as the functions run it.
// Inside node_modules, so the SDK ElectroDB requires resolves (it stays external, as in the functions).
const dir = fs.mkdtempSync(path.join(import.meta.dirname, '../../node_modules/.jsonschema-lite-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const liteElectroFile = path.join(dir, 'electrodb.cjs')
const bundled = esbuild.buildSync({
  entryPoints: [require.resolve('electrodb')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  external: ['@aws-sdk/*'],
  alias: lambdaBuildOptions('x', dir).alias,
  logLevel: 'silent',
  metafile: true,
  outfile: liteElectroFile,
})
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

describe('entity models are checked by the real jsonschema (the bundles do not re-check them)', () => {
  it('finds the app models', () => {
    expect(models.length).toBeGreaterThanOrEqual(12)
  })

  it.each(models)('%s is a valid ElectroDB model', (_name, model) => {
    expect(real.testModel(model)).toEqual([true, ''])
    expect(() => new Entity(model as any, { table: 't' })).not.toThrow()
  })

  const broken = models.flatMap(([name, model]) => {
    const [firstAttr] = Object.keys(model.attributes)
    const [firstIndex] = Object.keys(model.indexes)
    return [
      [`${name} without attributes`, without(model, ['attributes'])],
      [`${name} without indexes`, without(model, ['indexes'])],
      [`${name} without the pk`, without(model, ['indexes', firstIndex, 'pk'])],
      [`${name} with a numeric attribute type`, withValue(model, ['attributes', firstAttr, 'type'], 7)],
      [`${name} with a get that is not a function`, withValue(model, ['attributes', firstAttr, 'get'], 'nope')],
      [`${name} with composite not an array`, withValue(model, ['indexes', firstIndex, 'pk', 'composite'], 'orderId')],
    ] as Array<[string, unknown]>
  })

  it.each(broken)('%s is refused', (_name, model) => {
    expect(real.testModel(model)[0]).toBe(false)
    expect(() => new Entity(model as any)).toThrow()
  })

  it('the bundled ElectroDB builds every entity exactly as the real one does, and carries no jsonschema', () => {
    const build = (E: typeof Entity) => Object.fromEntries(models.map(([name, model]) => [name, JSON.stringify((new E(model as any, { table: 't' }) as any).schema)]))
    expect(build(liteElectro.Entity)).toEqual(build(Entity))
    expect(Object.keys(bundled.metafile!.inputs).filter((i) => i.includes('node_modules/jsonschema/'))).toEqual([])
  })
})
