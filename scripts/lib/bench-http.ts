/**
 * The bench's HTTP client: one kept-alive connection, a GET written as bytes, the answer read by its
 * Content-Length. It runs in the process that also runs the gateway and the handlers, so whatever it
 * does counts as the route's time: Node's http client (a ClientRequest, an IncomingMessage stream and
 * their events per request) cost more than a tenth of a millisecond a request there, fetch about a
 * millisecond. This does what a load generator (wrk, autocannon) does and no more. It reads only
 * framed answers (the local gateway sends every API answer with its length, as API Gateway does) and
 * refuses anything else rather than guess.
 */
import net from 'node:net'

export interface BenchResponse {
  status: number
  body: string
}

const HEAD_END = Buffer.from('\r\n\r\n')

export class BenchHttpClient {
  private socket: net.Socket | null = null
  private buffered: Buffer = Buffer.alloc(0)
  private waiting: { request: string; resent: boolean; resolve: (r: BenchResponse) => void; reject: (e: Error) => void } | null = null

  constructor(private readonly base: URL) {}

  /** GET `path` with these headers; one request at a time (the bench's requests are sequential). */
  get(path: string, headers: Record<string, string> = {}): Promise<BenchResponse> {
    if (this.waiting) return Promise.reject(new Error('BenchHttpClient: one request at a time'))
    const lines = [`GET ${path} HTTP/1.1`, `host: ${this.base.host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', '']
    const request = lines.join('\r\n')
    return new Promise((resolve, reject) => {
      this.waiting = { request, resent: false, resolve, reject }
      this.connection().write(request)
    })
  }

  close() {
    this.socket?.destroy()
    this.socket = null
  }

  private connection(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket
    this.buffered = Buffer.alloc(0)
    const socket = net.connect(Number(this.base.port), this.base.hostname === 'localhost' ? '127.0.0.1' : this.base.hostname)
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk
      this.read()
    })
    // The server closes an idle kept-alive connection (Node: after 5 s): the next request opens another.
    // A request written as it closed is sent once more, on a new connection (a GET changes nothing).
    const gone = (err?: Error) => {
      if (this.socket !== socket) return
      this.socket = null
      const w = this.waiting
      if (w && !w.resent && !this.buffered.length) {
        w.resent = true
        this.connection().write(w.request)
        return
      }
      this.fail(err ?? new Error('BenchHttpClient: the connection closed before the answer'))
    }
    socket.on('error', gone)
    socket.on('close', () => gone())
    this.socket = socket
    return socket
  }

  private read() {
    const end = this.buffered.indexOf(HEAD_END)
    if (end < 0 || !this.waiting) return
    const head = this.buffered.toString('latin1', 0, end)
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1])
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]
    if (!status || length === undefined) return this.fail(new Error(`BenchHttpClient: an answer without a Content-Length: ${head.slice(0, 200)}`))
    const start = end + HEAD_END.length
    if (this.buffered.length < start + Number(length)) return
    const body = this.buffered.toString('utf8', start, start + Number(length))
    this.buffered = this.buffered.subarray(start + Number(length))
    const { resolve } = this.waiting
    this.waiting = null
    resolve({ status, body })
  }

  private fail(err: Error) {
    const w = this.waiting
    this.waiting = null
    w?.reject(err)
  }
}
