import { WorkOrderPreview } from '@/components/work-order/work-order-preview';
import { useAdminOrder } from '../api/get-admin-order';

/** Staff's work order preview (web/src/components/work-order: the same sheet the customer prints). */
export function PrintWorkOrderModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useAdminOrder(orderId);
  return <WorkOrderPreview order={order} onClose={onClose} />;
}
