import { needsApproval, needsPayment } from '@gs/shared/statuses';
import { Badge } from '@/components/ui/badge';
import type { Order } from '../types';

/** Paid / Partially Paid / Payment Required / Action Required, as they apply. */
export function PaymentBadges({ order }: { order: Order }) {
  const { paymentStatus } = order.invoice;
  return (
    <>
      {paymentStatus === 'paid' ? <Badge tone="success">Paid</Badge> : null}
      {paymentStatus === 'partially_paid' ? <Badge tone="yellow">Partially Paid</Badge> : null}
      {needsPayment(order) ? <Badge tone="red">Payment Required</Badge> : null}
      {needsApproval(order) ? <Badge tone="warning">Action Required</Badge> : null}
    </>
  );
}
