/**
 * The functions as this worker calls them in-process: their Lambda bundles (built once by global-setup.ts with
 * the CDK's build), each in a container of the local runtime (infra/local/lambda-runtime.ts) with this worker's
 * environment at the call.
 */
import { inject } from 'vitest'
import { localLambda, readLocalBundles, type LocalLambda } from '../../infra/local/lambda-runtime.ts'

const started = new Map<string, LocalLambda>()

/** The named function (an API group, 'notifier', 'post-confirmation', 'reconcile'), one per worker. */
export function bundledFunction(name: string): LocalLambda {
  let fn = started.get(name)
  if (!fn) {
    const file = readLocalBundles(inject('bundlesDir'))[name]
    if (!file) throw new Error(`no bundle of ${name}`)
    fn = localLambda(name, file)
    started.set(name, fn)
  }
  return fn
}

/** A cold start: the running containers end, so the next event of each function starts a fresh one. */
export async function coldStart() {
  await Promise.all([...started.values()].map((f) => f.stop()))
}

export async function stopBundledFunctions() {
  await coldStart()
  started.clear()
}
