import { statusBadge, statusLabel } from '@gs/shared/statuses';
import { Badge } from '@/components/ui/badge';

/** The order's status in its list colour, as the customer's lists show it; "Processing" when it has none. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge tone={statusBadge(status)}>{statusLabel(status)}</Badge>;
}
