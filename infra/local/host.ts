import { LocalStackError } from './errors.ts'

/** The one switch that lets the local portal listen beyond loopback: its name says what it risks. */
export const EXPOSE_TO_NETWORK_FLAG = 'GUNSMITH_EXPOSE_TO_NETWORK'

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)

/**
 * Where the local gateway listens: `HOST`, or 127.0.0.1. Anything but loopback is refused unless
 * GUNSMITH_EXPOSE_TO_NETWORK=1: the local portal has seeded accounts with published passwords, a fake payment
 * gateway and no TLS. The emulators behind it (DynamoDB Local, cognito-local, maildev, the SMS sink) stay on
 * loopback either way.
 */
export function gatewayHost(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST?.trim() || '127.0.0.1'
  if (isLoopback(host)) return host
  if (env[EXPOSE_TO_NETWORK_FLAG] === '1') return host
  throw new LocalStackError(
    `HOST=${host} would let other machines reach the local portal, whose seeded accounts have published passwords and whose payments are fake. ` +
      `Unset HOST (the portal listens on 127.0.0.1), or, to expose it on purpose, set ${EXPOSE_TO_NETWORK_FLAG}=1 as well (the emulators stay on loopback).`,
  )
}
