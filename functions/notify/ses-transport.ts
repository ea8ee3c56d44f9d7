import type { SESv2Client } from '@aws-sdk/client-sesv2'
import type { EmailTransport } from './transports.ts'

/** Amazon SES v2 SendEmail, one multipart (HTML + text) message per call; the client is built on the first send. */
export function sesTransport({ region, configurationSet }: { region: string; configurationSet?: string }): EmailTransport {
  let client: Promise<{ client: SESv2Client; SendEmailCommand: typeof import('@aws-sdk/client-sesv2').SendEmailCommand }> | undefined
  const sdk = () =>
    (client ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client, SendEmailCommand }) => ({ client: new SESv2Client({ region }), SendEmailCommand })))
  return {
    async send({ to, from, replyTo, subject, html, text }) {
      const { client: ses, SendEmailCommand } = await sdk()
      const res = await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          ...(replyTo ? { ReplyToAddresses: [replyTo] } : {}),
          Content: {
            Simple: {
              Subject: { Data: subject, Charset: 'UTF-8' },
              Body: { Html: { Data: html, Charset: 'UTF-8' }, Text: { Data: text, Charset: 'UTF-8' } },
            },
          },
          ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        }),
      )
      return { messageId: res.MessageId ?? '' }
    },
  }
}
