/**
 * The customer notification templates: every email and SMS the shop sends about an order is rendered here, and
 * nowhere else (docs/notifications.md). Every interpolated value is escaped in the HTML part; plain TypeScript, no
 * template engine. `node --import tsx scripts/preview-emails.ts --png` writes every kind to `.previews/emails/`.
 */

import { ORDER_NUMBER_PATTERN } from '@gs/shared/notification-format'
import { telHref } from '@gs/shared/phone'
import { DEFAULT_SHOP_NAME, type ShopIdentity } from '@gs/shared/shop'

export type { ShopIdentity }

export const NOTIFICATION_KINDS = [
  'order_created',
  'status_changed',
  'staff_note',
  'approval_requested',
  'payment_received',
  'payment_failed',
  'payment_refunded',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export interface EmailNotification {
  kind: NotificationKind
  /** "Shipped: Colt Python (GS-000123)": also the subject. */
  title: string
  /** What changed; may hold the staff's note text (untrusted). Newlines are kept. */
  message: string
  /** "Colt Python · GS-000123" */
  context: string
  /** Sent even to a customer who turned optional emails off (the footer says so). */
  essential: boolean
  trackingUrl?: string
  carrier?: string
}

export interface EmailInput {
  shop: ShopIdentity
  recipient: { firstName: string | null | undefined }
  notification: EmailNotification
  /** The order's page in the portal. */
  orderUrl: string
  /** The customer's notification preferences in the portal. */
  preferencesUrl: string
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}


/** Two GSM-7 segments of 160: a longer SMS is split into more messages than it is worth. */
export const SMS_MAX_LENGTH = 320

/**
 * The last words of every text (US carriers expect the way out in the message). In AWS a STOP reply puts the
 * number on the account's SMS opt-out list, so nothing more is texted to it whatever the profile says;
 * the customer texts START to undo it (docs/notifications.md).
 */
export const SMS_OPT_OUT = 'Reply STOP to opt out.'

export const ESSENTIAL_NOTICE = 'You receive this message about your order even if you turned off optional emails.'
export const OPTIONAL_NOTICE = 'You receive this email because you asked for email updates about your orders.'

/** A stripe on top of the card: what needs the customer (amber), what went wrong (red), money in (green). */
const KIND_ACCENTS: Record<NotificationKind, string> = {
  order_created: '#2563eb',
  status_changed: '#2563eb',
  staff_note: '#2563eb',
  approval_requested: '#d97706',
  payment_received: '#16a34a',
  payment_failed: '#dc2626',
  payment_refunded: '#16a34a',
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text as HTML text or as a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** The URL when it is an absolute http(s) URL, else null (never a `javascript:` or `data:` link). */
export function safeUrl(value: string | undefined | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

// C0 controls but tab and newline, DEL, C1 controls, and the bidi overrides that could disguise text.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g

/** Untrusted multi-line text: CRLF and CR become LF, control characters go, trailing space per line goes. */
function cleanText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
}

/** One line: every run of whitespace (newlines too) is one space. A subject or an SMS never spans lines. */
function oneLine(value: string): string {
  return value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
}

/** Escaped, with newlines as <br>. */
function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\n/g, '<br>')
}

/** Escaped, with order numbers (GS-000123) kept on one line: a phone would otherwise break them at the dash. */
function htmlInline(value: string): string {
  return escapeHtml(value).replace(ORDER_NUMBER_PATTERN, '<span style="white-space:nowrap;">$&</span>')
}

function truncate(value: string, max: number): string {
  if (value.length <= max) return value
  return `${value.slice(0, Math.max(0, max - 3)).trimEnd()}...`
}

// Light palette (slate and blue, as the SPA) and its dark counterpart in the media query below.
const C = {
  page: '#f1f5f9',
  card: '#ffffff',
  border: '#e2e8f0',
  text: '#0f172a',
  muted: '#475569',
  link: '#1d4ed8',
  button: '#1d4ed8',
  buttonText: '#ffffff',
  accent: '#1e3a8a',
} as const

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
// Long serial numbers and URLs wrap anywhere instead of widening the mail past a phone's width.
const BREAK = 'overflow-wrap:anywhere;word-break:break-word;'

const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin:0 !important; padding:0 !important; width:100% !important; -webkit-text-size-adjust:100%; -ms-text-size-adjust:100%; }
table { border-collapse:collapse; mso-table-lspace:0pt; mso-table-rspace:0pt; }
img { border:0; outline:none; text-decoration:none; }
a { ${BREAK} }
.gs-break { ${BREAK} }
@media screen and (max-width: 480px) {
  .gs-outer { padding:12px 8px !important; }
  .gs-pad { padding-left:20px !important; padding-right:20px !important; }
  .gs-title { font-size:20px !important; line-height:28px !important; }
}
@media (prefers-color-scheme: dark) {
  .gs-page { background-color:#020617 !important; }
  .gs-card { background-color:#0f172a !important; border-left-color:#334155 !important; border-right-color:#334155 !important; border-bottom-color:#334155 !important; }
  .gs-text { color:#f1f5f9 !important; }
  .gs-muted { color:#cbd5e1 !important; }
  .gs-accent { color:#bfdbfe !important; }
  .gs-link { color:#93c5fd !important; }
  .gs-rule { border-color:#334155 !important; }
  .gs-btn { background-color:#2563eb !important; border-color:#2563eb !important; }
  .gs-btn a { color:#ffffff !important; }
}
[data-ogsc] .gs-text { color:#f1f5f9 !important; }
[data-ogsc] .gs-muted { color:#cbd5e1 !important; }
[data-ogsc] .gs-accent { color:#bfdbfe !important; }
[data-ogsc] .gs-link { color:#93c5fd !important; }
[data-ogsb] .gs-page { background-color:#020617 !important; }
[data-ogsb] .gs-card { background-color:#0f172a !important; }
`

/** A bulletproof button: the colour is on the cell (Outlook paints it), the link fills it. */
function button(label: string, href: string, name: string): string {
  const a = `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" data-button="${name}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:600;color:${C.buttonText};text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>`
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 12px 12px 0;display:inline-table;border-collapse:separate;"><tr><td class="gs-btn" align="center" bgcolor="${C.button}" style="background-color:${C.button};border:1px solid ${C.button};border-radius:6px;mso-padding-alt:0;">${a}</td></tr></table>`
}

function link(label: string, href: string): string {
  return `<a class="gs-link" href="${escapeHtml(href)}" target="_blank" rel="noopener" style="color:${C.link};text-decoration:underline;${BREAK}">${escapeHtml(label)}</a>`
}

/** Invisible text the inbox shows after the subject; padded so the inbox does not fill it with the body. */
function preheader(text: string): string {
  const pad = '&#847;&zwnj;&nbsp;'.repeat(40)
  return `<div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${C.page};opacity:0;">${escapeHtml(text)}${pad}</div>`
}

interface Parts {
  subject: string
  accent: string
  greeting: string
  title: string
  context: string
  message: string
  orderUrl: string
  trackingUrl: string | null
  carrier: string
  shop: { name: string; phone: string; email: string; address: string }
  why: string
  preferencesUrl: string
}

function parts(input: EmailInput): Parts {
  const n = input.notification
  const orderUrl = safeUrl(input.orderUrl)
  const preferencesUrl = safeUrl(input.preferencesUrl)
  if (!orderUrl) throw new Error(`renderEmail: orderUrl is not an http(s) URL: ${input.orderUrl}`)
  if (!preferencesUrl) throw new Error(`renderEmail: preferencesUrl is not an http(s) URL: ${input.preferencesUrl}`)
  const firstName = oneLine(input.recipient.firstName ?? '')
  return {
    subject: oneLine(n.title),
    accent: KIND_ACCENTS[n.kind] ?? KIND_ACCENTS.status_changed,
    greeting: firstName ? `Hi ${firstName},` : 'Hello,',
    title: oneLine(n.title),
    context: oneLine(n.context),
    message: cleanText(n.message),
    orderUrl,
    trackingUrl: safeUrl(n.trackingUrl),
    carrier: oneLine(n.carrier ?? ''),
    shop: {
      name: oneLine(input.shop.name) || DEFAULT_SHOP_NAME,
      phone: oneLine(input.shop.phone ?? ''),
      email: oneLine(input.shop.email ?? ''),
      address: cleanText(input.shop.address ?? ''),
    },
    why: n.essential ? ESSENTIAL_NOTICE : OPTIONAL_NOTICE,
    preferencesUrl,
  }
}

function renderHtml(p: Parts): string {
  const text = `font-family:${FONT};color:${C.text};`
  const muted = `font-family:${FONT};color:${C.muted};`
  const tel = p.shop.phone ? telHref(p.shop.phone) : null
  const emailOk = /^[^\s@<>"]+@[^\s@<>"]+$/.test(p.shop.email)
  const contact = [
    p.shop.phone ? (tel ? link(p.shop.phone, tel) : escapeHtml(p.shop.phone)) : '',
    p.shop.email ? (emailOk ? link(p.shop.email, `mailto:${p.shop.email}`) : escapeHtml(p.shop.email)) : '',
  ].filter(Boolean)
  const trackingLabel = p.carrier ? `Track package (${p.carrier})` : 'Track package'
  const buttons = button('View order', p.orderUrl, 'order') + (p.trackingUrl ? button('Track package', p.trackingUrl, 'tracking') : '')
  const preview = truncate(oneLine(`${p.message} ${p.context}`), 140)

  return `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(p.subject)}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>${STYLE}</style>
</head>
<body class="gs-page" style="margin:0;padding:0;background-color:${C.page};">
${preheader(preview)}
<table role="presentation" class="gs-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background-color:${C.page};">
<tr><td class="gs-outer" align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;table-layout:fixed;border-collapse:separate;">
<tr><td class="gs-pad" style="padding:4px 32px 16px 32px;">
<p class="gs-accent gs-break" style="margin:0;${text}color:${C.accent};font-size:18px;line-height:24px;font-weight:700;${BREAK}">${escapeHtml(p.shop.name)}</p>
</td></tr>
<tr><td class="gs-card" style="background-color:${C.card};border:1px solid ${C.border};border-top:4px solid ${p.accent};border-radius:8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;table-layout:fixed;">
<tr><td class="gs-pad" style="padding:32px 32px 8px 32px;">
<p class="gs-text" style="margin:0 0 20px 0;${text}font-size:16px;line-height:24px;">${escapeHtml(p.greeting)}</p>
<h1 class="gs-text gs-title gs-break" style="margin:0 0 4px 0;${text}font-size:22px;line-height:30px;font-weight:700;${BREAK}">${htmlInline(p.title)}</h1>
<p class="gs-muted gs-break" style="margin:0 0 20px 0;${muted}font-size:14px;line-height:20px;${BREAK}">${htmlInline(p.context)}</p>
<div class="gs-text gs-break" data-part="message" style="margin:0 0 24px 0;${text}font-size:16px;line-height:24px;${BREAK}">${htmlLines(p.message)}</div>
</td></tr>
<tr><td class="gs-pad" style="padding:0 32px 20px 32px;">${buttons}</td></tr>
${p.trackingUrl ? `<tr><td class="gs-pad" style="padding:0 32px 24px 32px;"><p class="gs-muted gs-break" style="margin:0;${muted}font-size:13px;line-height:20px;${BREAK}">${escapeHtml(trackingLabel)}: ${link(p.trackingUrl, p.trackingUrl)}</p></td></tr>` : ''}
</table>
</td></tr>
<tr><td class="gs-pad" style="padding:24px 32px 8px 32px;">
<p class="gs-muted gs-break" style="margin:0 0 4px 0;${muted}font-size:14px;line-height:20px;font-weight:700;${BREAK}">${escapeHtml(p.shop.name)}</p>
${contact.map((c) => `<p class="gs-muted gs-break" style="margin:0 0 4px 0;${muted}font-size:14px;line-height:20px;${BREAK}">${c}</p>`).join('\n')}
${p.shop.address ? `<p class="gs-muted gs-break" data-part="address" style="margin:0 0 4px 0;${muted}font-size:14px;line-height:20px;${BREAK}">${htmlLines(p.shop.address)}</p>` : ''}
<p class="gs-muted gs-break" style="margin:16px 0 8px 0;${muted}font-size:13px;line-height:20px;${BREAK}">${escapeHtml(p.why)}</p>
<p class="gs-muted" style="margin:0 0 24px 0;${muted}font-size:13px;line-height:20px;">${link('Manage notification preferences', p.preferencesUrl)}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`
}

function renderText(p: Parts): string {
  const lines: string[] = [p.shop.name, '', p.greeting, '', p.title, p.context, '', p.message, '', `View order: ${p.orderUrl}`]
  if (p.trackingUrl) lines.push(`${p.carrier ? `Track package (${p.carrier})` : 'Track package'}: ${p.trackingUrl}`)
  lines.push('', '--', p.shop.name)
  if (p.shop.phone) lines.push(`Phone: ${p.shop.phone}`)
  if (p.shop.email) lines.push(`Email: ${p.shop.email}`)
  if (p.shop.address) lines.push(p.shop.address)
  lines.push('', p.why, `Manage notification preferences: ${p.preferencesUrl}`)
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`
}

/** The email for one notification: subject, HTML part and plain-text part. */
export function renderEmail(input: EmailInput): RenderedEmail {
  const p = parts(input)
  return { subject: p.subject, html: renderHtml(p), text: renderText(p) }
}

/**
 * The SMS for one notification: "<shop> - <title> <order link>", one line of at most
 * SMS_MAX_LENGTH characters (the title is shortened with "...", ASCII so the message stays GSM-7;
 * the shop's name goes first when space runs out; the link is never cut).
 */
export function renderSms(input: Pick<EmailInput, 'shop' | 'notification' | 'orderUrl'>): string {
  return `${smsBody(input, SMS_MAX_LENGTH - SMS_OPT_OUT.length - 1)} ${SMS_OPT_OUT}`
}

/** The shop, the title and the order link in at most `max` characters: the title gives way first, then the shop. */
function smsBody(input: Pick<EmailInput, 'shop' | 'notification' | 'orderUrl'>, max: number): string {
  // Dashes as ASCII: one en or em dash would switch the whole text to UCS-2 (70 characters a segment).
  const title = oneLine(input.notification.title).replace(/[\u2013\u2014]/g, '-')
  const url = safeUrl(input.orderUrl)
  if (!url) throw new Error(`renderSms: orderUrl is not an http(s) URL: ${input.orderUrl}`)
  const shop = oneLine(input.shop.name) || DEFAULT_SHOP_NAME
  if (url.length + 1 > max) return truncate(`${shop} - ${title}`, max)
  const withShop = `${shop} - ${title} ${url}`
  if (withShop.length <= max) return withShop
  const room = max - url.length - 1
  if (room < 4) return url
  const head = `${shop} - ${title}`
  return `${room >= 40 ? truncate(head, room) : truncate(title, room)} ${url}`.trimStart()
}
