import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useDiscardGuard } from '@/components/ui/unsaved-changes';
import { useAdminOrder } from '../api/get-admin-order';
import { useFirearmCustomerAddress } from '../api/firearm-customer-address';
import { IntakeForm } from './intake-form';
import { LOAD_FAILED } from './load-failed';

/**
 * Receive Firearm for one order, in a dialog of its own (the list of firearms missing from the A&D book opens it):
 * the order editor's intake form, over the order as it is now. Closing it with the form edited asks first.
 */
export function ReceiveFirearmDialog({ orderId, onClose, onReceived }: { orderId: string; onClose: () => void; onReceived: () => void }) {
  const order = useAdminOrder(orderId);
  const { requestClose, dialog, guard } = useDiscardGuard(onClose);
  const address = useFirearmCustomerAddress(order.data ?? { customerId: '', customerEmail: '' }, { enabled: !!order.data });

  return (
    <Modal open onClose={requestClose} size="lg" title={order.data ? `Receive Firearm: ${order.data.orderNumber}` : 'Receive Firearm'}>
      {dialog}
      {order.isError && !order.data ? (
        <Alert tone="error">
          <p>{LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void order.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : !order.data ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        guard(<IntakeForm order={order.data} customerAddress={address.data ?? null} onDone={onReceived} onCancel={requestClose} />)
      )}
    </Modal>
  );
}
