// Every URL the SPA links to or routes on. Use `paths.x.path` for route definitions and
// `paths.x.getHref(...)` for links, never string literals.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  shippingPolicy: { path: '/shipping-policy', getHref: () => '/shipping-policy' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  },

  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    /** "My Firearm Orders". */
    orders: { path: '/orders', getHref: () => '/orders' },
    /** Older links use the singular form; it redirects to `order`. */
    legacyOrder: { path: '/order/:orderId' },
    order: {
      path: '/orders/:orderId',
      getHref: (orderId: string) => `/orders/${encodeURIComponent(orderId)}`,
    },
    orderPayment: {
      path: '/orders/:orderId/payment',
      getHref: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/payment`,
    },
    /** The order's printable invoice and receipt. */
    orderInvoice: {
      path: '/orders/:orderId/invoice',
      getHref: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice`,
    },
    payments: { path: '/payments', getHref: () => '/payments' },
    batchPayment: {
      path: '/payments/batch',
      getHref: (orderIds: string[]) =>
        `/payments/batch?orders=${orderIds.map(encodeURIComponent).join(',')}`,
    },
    paymentConfirmation: {
      path: '/payment-confirmation/:orderId',
      /** With a payment intent id, the page confirms that payment (as the provider's return does). */
      getHref: (orderId: string, paymentIntentId?: string) =>
        `/payment-confirmation/${encodeURIComponent(orderId)}${paymentIntentId ? `?payment_intent=${encodeURIComponent(paymentIntentId)}` : ''}`,
    },
    paymentHistory: { path: '/payment-history', getHref: () => '/payment-history' },
    notifications: { path: '/notifications', getHref: () => '/notifications' },
    /** The customer's details and notification preferences (the emails' "Manage notification preferences"). */
    profile: { path: '/profile', getHref: () => '/profile' },
  },

  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    /** With `archived`, the archived customers (staff restore them there). */
    customers: { path: '/admin/customers', getHref: (view?: 'archived') => (view ? `/admin/customers?view=${view}` : '/admin/customers') },
    manageOrders: {
      path: '/admin/manage-orders',
      /** With an order id, the page opens that order's edit modal (links from the payments ledger). */
      getHref: (orderId?: string) => (orderId ? `/admin/manage-orders?order=${encodeURIComponent(orderId)}` : '/admin/manage-orders'),
      /** The active orders of one status (the dashboard's counts). */
      getHrefWithStatus: (status: string) => `/admin/manage-orders?status=${encodeURIComponent(status)}`,
    },
    /** Open orders past their promised date. */
    overdue: { path: '/admin/overdue', getHref: () => '/admin/overdue' },
    /** A gunsmith's bench as the counter sees it (`?staff=<id>`). */
    bench: { path: '/admin/bench', getHref: (staffId?: string) => (staffId ? `/admin/bench?staff=${encodeURIComponent(staffId)}` : '/admin/bench') },
    /** Days from receipt to ready, per service type and month. */
    turnaround: { path: '/admin/turnaround', getHref: () => '/admin/turnaround' },
    /** Any order's printable invoice and receipt, as staff see it. */
    orderInvoice: {
      path: '/admin/orders/:orderId/invoice',
      getHref: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/invoice`,
    },
    /** An order's claim tag (a 4 × 2 in label: the order number, serial, customer, date received and barcode). */
    claimTag: {
      path: '/admin/orders/:orderId/claim-tag',
      getHref: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}/claim-tag`,
    },
    payments: { path: '/admin/payments', getHref: () => '/admin/payments' },
    /** The orders with a customer message waiting for an answer, the oldest first. */
    inbox: { path: '/admin/inbox', getHref: () => '/admin/inbox' },
    /** Orders with a balance due, their totals and aging. */
    receivables: { path: '/admin/receivables', getHref: () => '/admin/receivables' },
    settings: { path: '/admin/settings', getHref: () => '/admin/settings' },
    /** The A&D book: the firearms in custody, the book with its corrections, print and CSV. */
    book: { path: '/admin/book', getHref: () => '/admin/book' },
    /** The orders whose firearm came in without its intake: staff record it there, with the real date of receipt. */
    bookMissing: { path: '/admin/book/missing', getHref: () => '/admin/book/missing' },
    bookAwaitingIntake: { path: '/admin/book/awaiting-intake', getHref: () => '/admin/book/awaiting-intake' },
    /** The printed A&D book for a range of dates: every firearm received or disposed of in it. */
    bookPrint: {
      path: '/admin/book/print',
      getHref: (range: { from?: string; to?: string }) => {
        const q = new URLSearchParams(Object.entries(range).filter((e): e is [string, string] => !!e[1])).toString();
        return q ? `/admin/book/print?${q}` : '/admin/book/print';
      },
    },
    invoiceRefresh: { path: '/admin/invoice-refresh', getHref: () => '/admin/invoice-refresh' },
    archivedOrders: { path: '/admin/archived-orders', getHref: () => '/admin/archived-orders' },
    /** Soft-deleted orders, which staff can restore. */
    deletedOrders: { path: '/admin/deleted-orders', getHref: () => '/admin/deleted-orders' },
  },
} as const;
