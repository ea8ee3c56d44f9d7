// One prefix for everything about the caller's orders, so invalidating ['orders'] refreshes
// the list, every detail, history and invoice preview at once.
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  updates: (orderId: string) => [...orderKeys.all, 'updates', orderId] as const,
  invoice: (orderId: string, shipping: boolean) => [...orderKeys.all, 'invoice', orderId, shipping] as const,
};
