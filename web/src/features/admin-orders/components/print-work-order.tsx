import { WorkOrderPreview } from '@/components/work-order/work-order-preview';
import { useAdminOrder } from '../api/get-admin-order';
import { useAdminOrderPhotos } from '../api/order-photos';

/** Staff's work order preview (web/src/components/work-order: the same sheet the customer prints). */
export function PrintWorkOrderModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useAdminOrder(orderId);
  const photos = useAdminOrderPhotos(orderId);
  return <WorkOrderPreview order={order} onClose={onClose} photos={photos.data?.items} />;
}
