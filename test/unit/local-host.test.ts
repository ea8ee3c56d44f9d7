import { describe, expect, it } from 'vitest'
import { EXPOSE_TO_NETWORK_FLAG, gatewayHost } from '../../infra/local/host.ts'

/** The local stack stays local; HOST beyond loopback only with a flag whose name says what it risks. */
describe('local gateway host (HOST)', () => {
  it('listens on 127.0.0.1 when HOST is unset or blank', () => {
    expect(gatewayHost({})).toBe('127.0.0.1')
    expect(gatewayHost({ HOST: '  ' })).toBe('127.0.0.1')
  })

  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1'])('accepts the loopback address %s', (host) => {
    expect(gatewayHost({ HOST: host })).toBe(host)
  })

  it.each(['0.0.0.0', '::', '192.168.1.20', 'my-laptop.lan', '128.0.0.1'])('refuses %s without the flag, saying why and what to set', (host) => {
    expect(() => gatewayHost({ HOST: host })).toThrow(new RegExp(`HOST=${host.replace(/[.:]/g, '\\$&')} would let other machines reach the local portal.*${EXPOSE_TO_NETWORK_FLAG}=1`))
  })

  it('exposes it only with GUNSMITH_EXPOSE_TO_NETWORK=1 (not "true", not anything else)', () => {
    expect(EXPOSE_TO_NETWORK_FLAG).toBe('GUNSMITH_EXPOSE_TO_NETWORK')
    expect(gatewayHost({ HOST: '0.0.0.0', GUNSMITH_EXPOSE_TO_NETWORK: '1' })).toBe('0.0.0.0')
    for (const v of ['true', 'yes', '0', '']) expect(() => gatewayHost({ HOST: '0.0.0.0', GUNSMITH_EXPOSE_TO_NETWORK: v }), v).toThrow(/GUNSMITH_EXPOSE_TO_NETWORK=1/)
  })
})
