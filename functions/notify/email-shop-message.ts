/**
 * The email the shop gets about each customer message (docs/notifications.md, "The shop's email about a customer
 * message"): the order and firearm in the subject, the customer, the message as written, a link to the order in the
 * staff portal. Pure: it renders its input.
 */
import { escapeHtml } from './email-template.ts'

export interface ShopMessageInput {
  shopName: string
  /** The stored notification: its title is the subject ("Customer message on GS-000123: Remington 870"). */
  title: string
  /** "Pat Smith · GS-000123". */
  context: string
  /** The customer's message (untrusted), newlines kept. */
  message: string
  /** The order in the staff portal (absolute http(s)). */
  orderUrl: string
}

export function renderShopMessageEmail({ shopName, title, context, message, orderUrl }: ShopMessageInput): { subject: string; html: string; text: string } {
  if (!/^https?:\/\//.test(orderUrl)) throw new Error('orderUrl must be an absolute http(s) URL')
  const subject = title.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim()
  const text = [subject, context, '', message, '', `Open the order: ${orderUrl}`, '', `${shopName} staff portal: answer the customer on the order, or mark the message handled in the Inbox.`].join('\n')
  const body = escapeHtml(message).replace(/\r?\n/g, '<br>')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;table-layout:fixed;background:#ffffff;border-radius:8px;border-top:4px solid #2563eb">
<tr><td style="padding:20px;overflow-wrap:anywhere">
<p style="margin:0 0 4px;font-size:13px;color:#475569">${escapeHtml(shopName)} · Customer message</p>
<h1 style="margin:0 0 4px;font-size:18px;line-height:1.3">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;font-size:14px;color:#334155">${escapeHtml(context)}</p>
<p style="margin:0 0 20px;font-size:15px;line-height:1.5;white-space:normal">${body}</p>
<a href="${escapeHtml(orderUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">Open the order</a>
<p style="margin:16px 0 0;font-size:12px;color:#475569">Answer the customer on the order, or mark the message handled in the Inbox.</p>
</td></tr></table></body></html>`
  return { subject, html, text }
}
