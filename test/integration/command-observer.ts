/**
 * What a test file sees of the DynamoDB requests sent from its worker: the functions' containers it starts
 * (lambda-runtime.ts, their bundles) and the repositories it calls directly all reach DynamoDB Local through this
 * worker's recorder (worker-setup.ts starts it, useStackTable points DYNAMODB_ENDPOINT at it).
 */
import type { CommandObserver, DynamoRecorder } from '../../infra/local/dynamo-recorder.ts'

export type { CommandObserver, CommandRead } from '../../infra/local/dynamo-recorder.ts'

let recorder: DynamoRecorder | undefined

export function setWorkerRecorder(r: DynamoRecorder | undefined) {
  recorder = r
}

/** The recorder's URL (where this worker's DynamoDB clients send), once worker-setup.ts started it. */
export const workerDynamoEndpoint = (): string | undefined => recorder?.endpoint

/** Registers (or, with undefined, removes) the one observer of this worker's DynamoDB requests. */
export function setCommandObserver(fn: CommandObserver | undefined) {
  if (!recorder) throw new Error('no DynamoDB recorder in this worker (test/integration/worker-setup.ts is not a setup file)')
  recorder.observe(fn)
}
