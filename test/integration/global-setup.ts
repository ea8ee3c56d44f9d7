import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildLocalBundles } from '../../infra/local/lambda-runtime.ts'
import { REPO_ROOT, startLocalStack, type LocalStack } from '../../infra/local/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { url: string; cognitoEndpoint: string; dynamoEndpoint: string; tableName: string; userPoolId: string; clientId: string; s3Endpoint: string; photosBucket: string }
    /** The functions' bundles (infra/local/lambda-runtime.ts buildLocalBundles), built once for the stack and every worker. */
    bundlesDir: string
  }
}

let stack: LocalStack | undefined
let bundlesDir: string | undefined
/** DynamoDB commands the stack's functions sent over the whole suite (never a Scan on a request path). */
const sent = { total: 0, scans: [] as string[] }

/** One real local stack for the integration files: DynamoDB Local in memory, cognito-local in a temp dir. */
export async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  // Tests here turn staff members' authenticator apps off and expect the next staff request refused: no per-container
  // trust of Cognito's earlier yes (30 s in AWS).
  process.env.STAFF_MFA_TTL_SECONDS = '0'
  fs.mkdirSync(path.join(REPO_ROOT, '.cdk'), { recursive: true })
  bundlesDir = fs.mkdtempSync(path.join(REPO_ROOT, '.cdk', 'test-bundles-'))
  buildLocalBundles(bundlesDir)
  project.provide('bundlesDir', bundlesDir)
  stack = await startLocalStack({
    port: 0,
    bundlesDir,
    observeDynamo: (name) => {
      sent.total += 1
      if (name === 'ScanCommand') sent.scans.push(name)
    },
  })
  const { url, cognitoEndpoint, dynamoEndpoint, tableName, userPoolId, clientId, s3Endpoint, photosBucket } = stack
  project.provide('stack', { url, cognitoEndpoint, dynamoEndpoint, tableName, userPoolId, clientId, s3Endpoint, photosBucket })
}

export async function teardown() {
  await stack?.stop()
  if (bundlesDir) fs.rmSync(bundlesDir, { recursive: true, force: true })
  // A teardown error is only printed by vitest: set the exit code too, so the run fails.
  if (sent.scans.length || !sent.total) process.exitCode = 1
  if (sent.scans.length) throw new Error(`The functions issued ${sent.scans.length} DynamoDB Scan(s) during the integration suite: every read must be a Query or a Get`)
  if (!sent.total) throw new Error('The DynamoDB command observer saw no command: it is not wired to the stack functions')
}
