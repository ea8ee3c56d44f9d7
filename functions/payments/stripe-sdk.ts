import type Stripe from 'stripe'

export type StripeSdk = typeof Stripe

let sdk: Promise<StripeSdk> | undefined

/**
 * The official Stripe SDK, loaded on first use. It is ~250 KB minified and only the
 * payment routes and the webhook need it: behind this dynamic import it is a chunk
 * of its own in the Lambda bundle (infra/constructs/lambda-bundle.ts), so the other
 * routes of the same function neither load nor parse it at a cold start.
 */
export function loadStripeSdk(): Promise<StripeSdk> {
  sdk ??= import('stripe').then(
    (m) => m.default,
    (err: unknown) => {
      sdk = undefined // a failed load is retried by the next request
      throw err
    },
  )
  return sdk
}
