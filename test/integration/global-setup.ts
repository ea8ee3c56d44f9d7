import type { TestProject } from 'vitest/node'
import { startLocalStack, type LocalStack } from '../../infra/local/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { url: string; cognitoEndpoint: string; dynamoEndpoint: string; tableName: string; userPoolId: string; clientId: string }
  }
}

let stack: LocalStack | undefined

/** One real local stack for the integration files: DynamoDB Local in memory, cognito-local in a temp dir. */
export async function setup(project: TestProject) {
  process.env.LOG_LEVEL ??= 'silent'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  // Tests here archive profiles straight in the table (another process): the stack's account gate reads the
  // profile on every request. Its per-container cache (30 s in AWS) is tested in-process in read-budget.test.ts.
  process.env.ACCOUNT_GATE_TTL_SECONDS = '0'
  stack = await startLocalStack({ port: 0 })
  const { url, cognitoEndpoint, dynamoEndpoint, tableName, userPoolId, clientId } = stack
  project.provide('stack', { url, cognitoEndpoint, dynamoEndpoint, tableName, userPoolId, clientId })
}

export async function teardown() {
  await stack?.stop()
}
