/**
 * The code a deploy uploads is the code this suite ran: `cdk synth` (bundling on, as `cdk deploy` runs it)
 * stages each function's asset with the CDK's own bundling, and every asset must hold, file for file and byte for
 * byte, the bundle that global-setup.ts built for the local stack and the workers (infra/local/lambda-runtime.ts).
 * Only the site publisher's asset carries more: the web build's site kit beside its bundle.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { App } from 'aws-cdk-lib'
import { Asset } from 'aws-cdk-lib/aws-s3-assets'
import { describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../infra/bin/build-app.ts'
import { AppFunction } from '../../infra/constructs/app-function.ts'
import { LOCAL_DEV_ROUTES, readLocalBundles } from '../../infra/local/lambda-runtime.ts'
import { cdkJsonContext, fakeWebBuild, tmp } from '../infra/helpers.ts'

/** Every file under `dir` (but `skip`), relative, with its SHA-256. */
function hashes(dir: string, skip?: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name))
    if (skip && rel.startsWith(`${skip}/`)) continue
    out[rel] = createHash('sha256').update(fs.readFileSync(path.join(dir, rel))).digest('hex')
  }
  return out
}

describe('the deployed bundles', () => {
  it('every Lambda asset of cdk synth is, byte for byte, a bundle the integration suite ran, and every bundle it ran is deployed', () => {
    const outdir = fs.mkdtempSync(path.join(tmp, 'synth-'))
    const app = new App({ outdir, context: { ...cdkJsonContext } })
    buildApp(app, { webDist: fakeWebBuild(path.join(tmp, 'web')) })
    app.synth()

    // The app's own functions (the CDK's helpers, such as the bucket deployment's, are not ours to compare).
    const assets = app.node
      .findAll()
      .filter((c): c is AppFunction => c instanceof AppFunction)
      .map((f) => [f.node.path, f.fn.node.tryFindChild('Code')] as const)
      .filter((c): c is readonly [string, Asset] => c[1] instanceof Asset)
      .map(([fn, a]) => ({ fn, dir: path.join(outdir, a.assetPath) }))
    expect(assets.length).toBeGreaterThanOrEqual(7)

    // The local dev routes stand in for Stripe on the local stack: never deployed.
    const built = Object.entries(readLocalBundles(inject('bundlesDir'))).filter(([name]) => name !== LOCAL_DEV_ROUTES)
    const ran = Object.fromEntries(built.map(([name, file]) => [name, hashes(path.dirname(file))]))
    const deployed = new Set<string>()
    for (const { fn, dir: asset } of assets) {
      const files = hashes(asset, 'site-kit')
      const name = Object.keys(ran).find((n) => JSON.stringify(ran[n]) === JSON.stringify(files))
      if (!name) {
        // The bundle it is closest to, and the files that differ: what to look at.
        const [closest, differ] = Object.entries(ran)
          .map(([n, h]) => [n, [...new Set([...Object.keys(h), ...Object.keys(files)])].filter((f) => h[f] !== files[f])] as const)
          .sort((a, b) => a[1].length - b[1].length)[0]
        
        expect.fail(`${fn} (${asset}) is no bundle the integration suite ran (the deployed code differs from the tested code): closest ${closest}, differing in ${differ.slice(0, 8).join(', ')}`)
      }
      deployed.add(name)
    }
    expect([...deployed].sort()).toEqual(Object.keys(ran).sort())
  }, 300_000)
})
