import { Duration, type RemovalPolicy } from 'aws-cdk-lib'
import * as sqs from 'aws-cdk-lib/aws-sqs'
import type { Construct } from 'constructs'
import { acknowledge } from './app-function.ts'

/**
 * The on-failure destination of a stream mapping (the notifier's, the site publisher's): encrypted, TLS only, kept
 * 14 days. It holds the stream positions of the records a function gave up on, read by ops (an alarm watches it),
 * never consumed by a function, so it has no dead-letter queue of its own: `holds` says what it holds, for cdk-nag.
 */
export function streamDeadLetterQueue(scope: Construct, id: string, { removalPolicy, holds }: { removalPolicy: RemovalPolicy; holds: string }): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  })
  acknowledge(queue, ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'],
    `This queue is itself a dead-letter queue: the on-failure destination of ${holds}, read by ops, never consumed by a function.`)
  return queue
}
