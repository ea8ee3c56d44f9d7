/** The shape every notification's title and context take (texts: notification-texts.ts, payment-notification-texts.ts). */

/** "Colt Python · GS-000123": shown under every notification's title (and the e-mail subject's suffix). */
export const notificationContext = (firearm: string, orderNumber: string) => `${firearm} · ${orderNumber}`

/** "Shipped: Colt Python (GS-000123)": what happened, the firearm and the order number. */
export const notificationTitle = (what: string, firearm: string, orderNumber: string) => `${what}: ${firearm} (${orderNumber})`
