import net from 'node:net'
import { LocalStackError } from './errors.ts'

/** Fails with a clear line when the port is taken, before any child process starts. */
export async function assertPortFree(port: number, what: string, envName: string) {
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new LocalStackError(`Port ${port} (${what}) is already in use: stop what is using it, or choose another port with ${envName}=<port> npm start`)
          : err,
      )
    })
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()))
  })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export async function waitForPort(port: number, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1')
      s.once('connect', () => {
        s.destroy()
        resolve(true)
      })
      s.once('error', () => resolve(false))
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new LocalStackError(`${what} did not start within ${Math.round(timeoutMs / 1000)} s`)
}
