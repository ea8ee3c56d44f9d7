/**
 * Compares the A&D book of a restored table with the live one, before the restored copy is trusted (docs/deploying.md,
 * "Restore the book from a backup"):
 *
 *   npm run verify-book-restore -- --source <live table> --restored <restored table> [--region us-east-1]
 *
 * It reads both books whole (every line, every entry, the corrections view, the entry-number counter; Queries on the
 * book's keys, never a Scan), prints what each holds and every difference, and exits 0 when they are the same book,
 * 1 when they differ, 2 when it could not compare (a wrong argument, a table missing or without its indexes, no
 * credentials). `--endpoint` points both at another DynamoDB (DynamoDB Local, for the tests).
 */
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { newDocumentClient } from '../functions/db/client.ts'
import { compareBooks, describeSummary, readBook, summarize } from './lib/book-restore-check.ts'

export const USAGE = 'Usage: npm run verify-book-restore -- --source <live table> --restored <restored table> [--region <region>] [--endpoint <url>]'

export async function main(argv = process.argv.slice(2), print: (line: string) => void = console.log): Promise<number> {
  let values: { source?: string; restored?: string; region?: string; endpoint?: string }
  try {
    values = parseArgs({ args: argv, options: { source: { type: 'string' }, restored: { type: 'string' }, region: { type: 'string' }, endpoint: { type: 'string' } } }).values
  } catch (err) {
    print(`${(err as Error).message}\n${USAGE}`)
    return 2
  }
  const { source, restored, region, endpoint } = values
  if (!source || !restored) {
    print(USAGE)
    return 2
  }
  if (source === restored) {
    print(`--source and --restored name the same table (${source}): give the restored copy's name`)
    return 2
  }
  // Your credentials (the SDK's default chain: environment, profile, SSO), or DynamoDB Local's.
  const client = newDocumentClient({
    ...(region ? { region } : {}),
    ...(endpoint ? { endpoint, region: region ?? 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  try {
    const [live, copy] = await Promise.all([readBook({ table: source, client }), readBook({ table: restored, client })])
    print(describeSummary(source, summarize(live)))
    print(describeSummary(restored, summarize(copy)))
    const differences = compareBooks(live, copy)
    if (!differences.length) {
      print(`The book in ${restored} is the book in ${source}: every line and entry, the corrections and the counter.`)
      return 0
    }
    print(`The book in ${restored} differs from the book in ${source} (${differences.length}):`)
    for (const d of differences) print(`  - ${d}`)
    return 1
  } catch (err) {
    // ElectroDB wraps the SDK's error: the cause says what DynamoDB answered.
    const e = err as Error & { cause?: Error }
    const cause = e.cause ?? e
    print(`Could not read both books: ${cause.name}: ${cause.message}` +
      (cause.name === 'ResourceNotFoundException' ? ' (is the table name right, and its region? A restored table needs its indexes: restore them with it)' : ''))
    return 2
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
