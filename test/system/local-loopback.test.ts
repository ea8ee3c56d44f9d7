import net from 'node:net'
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb.ts'

/**
 * DynamoDB Local accepts any signature, so it must not be reachable from the network. It has no
 * bind-address option of its own: infra/local/java/LoopbackDynamoDBLocal.java binds it to 127.0.0.1. This starts
 * it (in memory, nothing else) and tries it on loopback and on this machine's other addresses.
 */
const nonLoopback = Object.values(os.networkInterfaces())
  .flat()
  .filter((a): a is os.NetworkInterfaceInfo => Boolean(a) && !a!.internal)
  .map((a) => (a.family === 'IPv6' && a.scopeid ? `${a.address}%${Object.entries(os.networkInterfaces()).find(([, l]) => l?.includes(a))?.[0]}` : a.address))
  .filter((addr) => !addr.startsWith('fe80:'))

/** 'open' when something accepts a TCP connection there, else the error code (ECONNREFUSED, …). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (result: string) => {
      socket.destroy()
      resolve(result)
    }
    socket.setTimeout(3000, () => done('timeout'))
    socket.once('connect', () => done('open'))
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? 'error'))
  })
}

describe('DynamoDB Local stays on loopback', () => {
  let dynamo: DynamoLocal
  let port: number

  beforeAll(async () => {
    dynamo = await startDynamoLocal({ heapMb: 256 })
    port = Number(new URL(dynamo.endpoint).port)
  }, 60_000)
  afterAll(async () => {
    await dynamo?.stop()
  })

  it('answers on 127.0.0.1 (so the checks below mean something)', async () => {
    expect(dynamo.endpoint).toBe(`http://127.0.0.1:${port}`)
    expect(await tryConnect('127.0.0.1', port)).toBe('open')
  })

  it.skipIf(nonLoopback.length === 0)(
    `is not reachable on this machine's non-loopback addresses (${nonLoopback.join(', ') || 'none: skipped, this machine has no network interface besides loopback'})`,
    async () => {
      for (const address of nonLoopback) expect(await tryConnect(address, port), address).not.toBe('open')
    },
  )
})
