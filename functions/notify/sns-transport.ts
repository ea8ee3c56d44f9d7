import type { SNSClient } from '@aws-sdk/client-sns'
import type { SmsTransport } from './transports.ts'

/** Amazon SNS Publish to a phone number (E.164), as a transactional SMS; the client is built on the first send. */
export function snsTransport({ region }: { region: string }): SmsTransport {
  let client: Promise<{ client: SNSClient; PublishCommand: typeof import('@aws-sdk/client-sns').PublishCommand }> | undefined
  const sdk = () => (client ??= import('@aws-sdk/client-sns').then(({ SNSClient, PublishCommand }) => ({ client: new SNSClient({ region }), PublishCommand })))
  return {
    async send({ to, body }) {
      const { client: sns, PublishCommand } = await sdk()
      const res = await sns.send(
        new PublishCommand({
          PhoneNumber: to,
          Message: body,
          MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
        }),
      )
      return { messageId: res.MessageId ?? '' }
    },
  }
}
