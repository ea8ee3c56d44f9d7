import type { Transporter } from 'nodemailer'
import type { EmailTransport } from './transports.ts'

/**
 * SMTP through nodemailer, for the local stack's mail catcher (maildev): plain SMTP on loopback, no
 * TLS, no auth. The transporter is built on the first send.
 */
export function smtpTransport({ host, port }: { host: string; port: number }): EmailTransport {
  let transporter: Promise<Transporter> | undefined
  const get = () => (transporter ??= import('nodemailer').then((m) => (m.default ?? m).createTransport({ host, port, secure: false, ignoreTLS: true })))
  return {
    async send({ to, from, replyTo, subject, html, text }) {
      const info = await (await get()).sendMail({ to, from, ...(replyTo ? { replyTo } : {}), subject, html, text })
      return { messageId: String(info.messageId ?? '') }
    },
  }
}
