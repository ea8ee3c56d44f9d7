/**
 * Each integration file's worker: a DynamoDB recorder in front of the stack's DynamoDB Local (what the file's
 * observers see: command-observer.ts), and the functions' containers this file started, ended after it.
 */
import { afterAll, inject } from 'vitest'
import { startDynamoRecorder } from '../../infra/local/dynamo-recorder.ts'
import { setWorkerRecorder } from './command-observer.ts'
import { stopBundledFunctions } from './functions.ts'

const recorder = await startDynamoRecorder(inject('stack').dynamoEndpoint)
setWorkerRecorder(recorder)

afterAll(async () => {
  await stopBundledFunctions()
  setWorkerRecorder(undefined)
  await recorder.stop()
})
