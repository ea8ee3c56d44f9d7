/**
 * Where the notifier hands a rendered message over (functions/notify/notifier.ts). The implementations
 * are chosen by the environment and loaded on first use (a dynamic import each, so a function carries
 * only the one it uses and no SDK client is built before the first message):
 *
 * - email: SMTP (nodemailer) when SMTP_HOST is set (locally: maildev), else Amazon SES v2;
 * - SMS: an HTTP sink (POST JSON `{ to, body }`) when SMS_SINK_URL is set (locally), else Amazon SNS.
 */
import { notifyEnv, type NotifyEnv } from './notify-env.ts'

export interface EmailMessage {
  to: string
  /** `"Shop name" <address>` or an address. */
  from: string
  replyTo?: string
  subject: string
  html: string
  text: string
}

export interface EmailTransport {
  send(message: EmailMessage): Promise<{ messageId: string }>
}

export interface SmsMessage {
  /** E.164 ("+15550101234"). */
  to: string
  body: string
}

export interface SmsTransport {
  send(message: SmsMessage): Promise<{ messageId: string }>
}

/** The transport for this environment's email (see the file's comment). */
export async function emailTransportFromEnv(e: NotifyEnv = notifyEnv()): Promise<EmailTransport> {
  if (e.smtpHost) return (await import('./smtp-transport.ts')).smtpTransport({ host: e.smtpHost, port: e.smtpPort })
  return (await import('./ses-transport.ts')).sesTransport({ region: e.region, configurationSet: e.sesConfigurationSet })
}

/** The transport for this environment's SMS (see the file's comment). */
export async function smsTransportFromEnv(e: NotifyEnv = notifyEnv()): Promise<SmsTransport> {
  if (e.smsSinkUrl) return (await import('./sms-sink-transport.ts')).smsSinkTransport({ url: e.smsSinkUrl })
  return (await import('./sns-transport.ts')).snsTransport({ region: e.region })
}
