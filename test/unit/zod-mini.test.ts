/**
 * The server validates with zod/mini. Classic zod cannot be tree-shaken and put ~93 KB
 * into every Lambda; these tests keep it from coming back and keep mini's messages English.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { createIntentSchema } from '../../shared/src/schemas/payments.ts'
import { updateMeSchema } from '../../shared/src/schemas/profile.ts'

const root = path.resolve(import.meta.dirname, '../..')
const files = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name === 'node_modules' || e.name === 'dist' ? [] : e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []))
    : []
const sources = () => ['shared', 'functions'].flatMap((d) => files(path.join(root, d))).map((f) => ({ file: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }))

/** 'zod', 'zod/v4' and 'zod/v3' are classic zod; 'zod/mini', 'zod/v4/core' and 'zod/locales' are not. */
const CLASSIC = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]zod(?:\/v[34])?['"]/
/** A value (not type-only) import of zod/mini: it would skip the English messages set up in shared/src/schemas/zod.ts. */
const RAW_MINI = /import\s+(?!type\b)[^'"]*from\s*['"]zod(?:\/v4)?\/mini['"]/

describe('zod/mini on the server (bundle budget)', () => {
  it('the guards recognise what they look for', () => {
    for (const s of [`import * as z from "zod"`, `import { z } from 'zod/v4'`, `import type { ZodType } from "zod"`, `await import('zod')`, `require("zod")`, `import 'zod'`]) expect(s).toMatch(CLASSIC)
    for (const s of [`import * as z from 'zod/mini'`, `import * as core from 'zod/v4/core'`, `import { en } from 'zod/locales'`, `import * as z from './zod.ts'`]) expect(s).not.toMatch(CLASSIC)
    expect(`import * as z from 'zod/mini'`).toMatch(RAW_MINI)
    expect(`import type { ZodMiniType } from 'zod/mini'`).not.toMatch(RAW_MINI)
  })

  it('no file in shared/ or functions/ imports classic zod', () => {
    const all = sources()
    expect(all.length).toBeGreaterThan(50)
    expect(all.filter((f) => CLASSIC.test(f.text)).map((f) => f.file)).toEqual([])
  })

  it('schemas get zod/mini through shared/src/schemas/zod.ts, which loads the English messages', () => {
    expect(sources().filter((f) => RAW_MINI.test(f.text)).map((f) => f.file)).toEqual(['shared/src/schemas/zod.ts'])
  })

  it('keeps the messages classic zod gave for rules without a message of their own', () => {
    expect(updateMeSchema.safeParse({ firstName: 'x'.repeat(101) }).error?.issues[0].message).toBe('Too big: expected string to have <=100 characters')
    expect(updateMeSchema.safeParse({ enableSmsNotifications: 'yes' }).error?.issues[0].message).toBe('Invalid input: expected boolean, received string')
    expect(createIntentSchema.safeParse(null).error?.issues[0].message).toBe('Invalid input: expected object, received null')
  })

  it('a bundle of every shared schema holds no classic zod and stays small', async () => {
    // The schema modules, not zod.ts itself: re-exporting all of zod/mini from the entry would keep all of it.
    const schemas = fs.readdirSync(path.join(root, 'shared/src/schemas')).filter((f) => f.endsWith('.ts') && f !== 'zod.ts')
    const result = await build({
      stdin: { contents: schemas.map((f) => `export * from './${f}'`).join('\n'), resolveDir: path.join(root, 'shared/src/schemas'), loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    // What made it into the output (metafile.inputs also lists files parsed and then shaken off).
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs).filter(([, i]) => i.bytesInOutput > 0)
    const zod = inputs.filter(([file]) => file.startsWith('node_modules/zod/'))
    const files = zod.map(([file]) => file)
    expect(files.filter((f) => f.startsWith('node_modules/zod/v4/mini/')).length).toBeGreaterThan(0)
    expect(files.filter((f) => f.startsWith('node_modules/zod/v4/classic/'))).toEqual([])
    // Only the English locale: `z.locales.en()` instead of `import { en } from 'zod/locales'` would bundle all of them.
    expect(files.filter((f) => f.startsWith('node_modules/zod/v4/locales/'))).toEqual(['node_modules/zod/v4/locales/en.js'])
    // zod's share of the bundle: ~29 KB with mini (core, mini, en); the same schemas with classic zod took ~93 KB.
    expect(zod.reduce((sum, [, i]) => sum + i.bytesInOutput, 0)).toBeLessThan(40_000)
  })
})
