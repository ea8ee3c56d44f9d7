/**
 * The overdue-intake reminders (docs/business-rules.md, "Boxes awaiting intake"): run with the notification digests
 * every minute (digest-handler.ts), one Query page of the boxes whose intake was due before now and whose reminder is
 * not sent; each is claimed (repositories/awaiting-intake.ts claimReminder: a conditional delete of its reminder item,
 * exactly one run gets it) and then emailed to the shop's email (Settings), one email per box. A send that fails is
 * logged (notification_failed) and not retried: the box stays on the dashboard as overdue. With no shop email set
 * nothing is claimed, so the reminders go once one is.
 */
import { formatShopTime, intakeDueTexts } from '@gs/shared/intake-due'
import { shopIdentity } from '@gs/shared/shop'
import type { AwaitingIntakeRepository } from '../db/repositories/awaiting-intake.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { log as defaultLog } from '../lib/logger.ts'
import { escapeHtml } from './email-template.ts'
import { errorCode, mailbox } from './notifier.ts'
import type { EmailTransport } from './transports.ts'

/** Reminders one run takes (one Query page): a backlog drains over the next runs. */
export const REMINDER_PAGE_SIZE = 25

type Log = Pick<typeof defaultLog, 'info' | 'warn' | 'error'>

export interface IntakeReminderDeps {
  awaiting: Pick<AwaitingIntakeRepository, 'dueReminders' | 'claimReminder'>
  orders: Pick<OrderRepository, 'getOrders'>
  settings: Pick<SettingsRepository, 'getSettings'>
  email: () => Promise<EmailTransport> | EmailTransport
  portalUrl: string
  emailFrom?: string
  now?: () => Date
  log?: Log
  pageSize?: number
}

export interface IntakeReminderResult {
  due: number
  sent: number
  /** Why nothing was sent, when a reason applies to the whole run. */
  skipped?: 'no_shop_email'
}

/** The reminder email: the firearm and order in the subject; when the box came, when its intake was due, a link to the order. */
export function renderIntakeReminder({ shopName, firearm, orderNumber, receivedAt, dueAt, orderUrl }: { shopName: string; firearm: string; orderNumber: string; receivedAt: string; dueAt: string; orderUrl: string }) {
  const subject = intakeDueTexts.emailSubject(firearm, orderNumber).replace(/[\u0000-\u001f\u007f]+/g, ' ')
  const rows: [string, string][] = [
    ['Box received', formatShopTime(receivedAt)],
    ['Intake due by', formatShopTime(dueAt)],
  ]
  const text = [subject, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `Record the intake (Receive Firearm): ${orderUrl}`, '', `${shopName} staff portal`].join('\n')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f1f5f9">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;border-top:4px solid #dc2626;padding:20px">
<p style="margin:0 0 4px;font-size:13px;color:#475569">${escapeHtml(shopName)} · Intake overdue</p>
<h1 style="margin:0 0 12px;font-size:18px">${escapeHtml(subject)}</h1>
${rows.map(([k, v]) => `<p style="margin:0 0 6px;font-size:15px"><strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}</p>`).join('\n')}
<p style="margin:16px 0 0"><a href="${escapeHtml(orderUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">Open the order</a></p>
</div></body></html>`
  return { subject, text, html }
}

export async function sendIntakeReminders(deps: IntakeReminderDeps): Promise<IntakeReminderResult> {
  const now = deps.now?.() ?? new Date()
  const log = deps.log ?? defaultLog
  const due = await deps.awaiting.dueReminders(now, deps.pageSize ?? REMINDER_PAGE_SIZE)
  if (!due.length) return { due: 0, sent: 0 }
  const settings = await deps.settings.getSettings()
  const shop = shopIdentity(settings)
  if (!shop.email) {
    log.warn('intake reminders waiting: no shop email in Settings', { due: due.length })
    return { due: due.length, sent: 0, skipped: 'no_shop_email' }
  }
  const orders = new Map((await deps.orders.getOrders(due.map((d) => d.orderId), { consistent: true })).map((o) => [o.orderId, o]))
  let sent = 0
  for (const entry of due) {
    const order = orders.get(entry.orderId)
    // The order's commit removes its items with the intake, a delete or an archive: one still listed is due a reminder.
    if (!order || order.intake || order.isDeleted || order.intakeDueAt !== entry.dueAt) continue
    if (!(await deps.awaiting.claimReminder(entry, now))) continue
    const orderUrl = `${deps.portalUrl}/admin/manage-orders?order=${encodeURIComponent(order.orderId)}`
    const mail = renderIntakeReminder({ shopName: shop.name, firearm: `${order.firearmMake} ${order.firearmModel}`.trim(), orderNumber: order.orderNumber, receivedAt: entry.receivedAt, dueAt: entry.dueAt, orderUrl })
    try {
      await (await deps.email()).send({ to: shop.email, from: mailbox(shop.name, deps.emailFrom || shop.email), ...mail })
      sent += 1
    } catch (err) {
      log.error('intake reminder not sent', { alert: 'notification_failed', orderId: order.orderId, code: errorCode(err) })
    }
  }
  if (sent) log.info('intake reminders sent', { due: due.length, sent })
  return { due: due.length, sent }
}
