import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What `npm start` writes while it runs, so local tools (npm run reconcile) find its table. */
export interface RunningStack {
  url: string
  dynamoEndpoint: string
  tableName: string
  pid: number
}

/** The data directory `npm start` uses: GUNSMITH_DATA_DIR, else .local/ in the repository. */
export const localDataDir = (env: NodeJS.ProcessEnv = process.env) => (env.GUNSMITH_DATA_DIR ? path.resolve(env.GUNSMITH_DATA_DIR) : path.join(REPO_ROOT, '.local'))

export const stackFile = (dataDir: string) => path.join(dataDir, 'stack.json')

/** The running stack, or null when `npm start` is not running (no file, or its process is gone). */
export function readRunningStack(dataDir = localDataDir()): RunningStack | null {
  const file = stackFile(dataDir)
  if (!existsSync(file)) return null
  const stack = JSON.parse(readFileSync(file, 'utf8')) as RunningStack
  try {
    process.kill(stack.pid, 0)
    return stack
  } catch {
    return null
  }
}
