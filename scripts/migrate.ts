/**
 * Brings a deployed stage's table up to date with this version's data migrations (functions/db/migrations), after
 * `npm run deploy` (docs/deploying.md, "Migrate the data"):
 *
 *   npm run migrate -- --stage prod [--region us-east-1]
 */
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { CloudFormationClient } from '@aws-sdk/client-cloudformation'
import { newDocumentClient } from '../functions/db/client.ts'
import { runMigrations } from '../functions/db/migrations/index.ts'
import { CliError, explainError, output, stackOutputs } from './create-admin.ts'

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let stage = '?'
  try {
    const { values } = parseArgs({ args: argv, options: { stage: { type: 'string', default: 'dev' }, region: { type: 'string' } } })
    stage = values.stage!
    const region = values.region
    const cloudFormation = new CloudFormationClient(region ? { region } : {})
    const where = { stage, region: region ?? (await cloudFormation.config.region()) }
    const dataStack = `Gunsmith-${stage}-Data`
    const table = output(await stackOutputs({ cloudFormation }, dataStack, where), 'TableName', dataStack, stage)
    // The functions' client, with your credentials (the AWS SDK's default chain: environment, profile, SSO).
    const client = newDocumentClient({ region: where.region })
    const done = await runMigrations({ table, client })
    console.log(done.length ? done.map((line) => `migrated ${line}`).join('\n') : `${table} has every migration already`)
    return 0
  } catch (err) {
    console.error(err instanceof CliError ? err.message : explainError(err, { stage }))
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
