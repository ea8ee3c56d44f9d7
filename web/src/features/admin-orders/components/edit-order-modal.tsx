import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useDiscardGuard } from '@/components/ui/unsaved-changes';
import { useAdminOrder } from '../api/get-admin-order';
import type { AdminOrder } from '../types';
import type { EditOrderBody as EditOrderBodyComponent } from './edit-order-body';
import { LOAD_FAILED } from './load-failed';
import { STATUS_REFRESH_MS } from './refresh';

export { LOAD_FAILED };

// The form and the panels are most of the admin order code: they load when an editor opens, while the order
// itself is read, and not with the order lists behind it. The editor shows its spinner until both are there.
type Body = typeof EditOrderBodyComponent;
let loadedBody: Body | null = null;
let loadingBody: Promise<Body> | null = null;
function loadBody(): Promise<Body> {
  loadingBody ??= import('./edit-order-body').then(
    ({ EditOrderBody }) => (loadedBody = EditOrderBody),
    (error: unknown) => {
      loadingBody = null;
      throw error;
    },
  );
  return loadingBody;
}

function useEditOrderBody(): { Body: Body | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ Body: Body | null; failed: boolean; attempt: number }>(() => ({ Body: loadedBody, failed: false, attempt: 0 }));
  useEffect(() => {
    if (state.Body) return;
    let live = true;
    loadBody().then(
      (Body) => live && setState((s) => ({ ...s, Body, failed: false })),
      () => live && setState((s) => ({ ...s, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [state.Body, state.attempt]);
  return { Body: state.Body, failed: state.failed, retry: () => setState((s) => ({ ...s, failed: false, attempt: s.attempt + 1 })) };
}

const spinner = (
  <div className="flex justify-center py-10">
    <Spinner />
  </div>
);

/**
 * The order edit form in a modal, with the Parts and Additional Costs panel (lines, approval
 * requests, invoice), the order's payments ledger and the Status History and Communication panel
 * beside it. The order is re-read every 30 s. Closing it (Escape, a click outside, the close button,
 * Cancel) with edits not saved in the form or the panels asks before discarding them.
 */
export function EditOrderModal({
  orderId,
  title,
  onClose,
  onSaved,
}: {
  orderId: string;
  title?: string;
  onClose: () => void;
  onSaved: (order: AdminOrder) => void;
}) {
  const order = useAdminOrder(orderId, { refetchInterval: STATUS_REFRESH_MS });
  const { Body, failed, retry } = useEditOrderBody();
  const { requestClose, dialog, guard } = useDiscardGuard(onClose);
  const ready = !!Body && !!order.data;

  return (
    <Modal open onClose={requestClose} size="xl" title={title ?? (ready ? `Edit Order ${order.data.orderNumber}` : 'Edit Order')}>
      {dialog}
      {(order.isError && !order.data) || failed ? (
        <Alert tone="error">
          <p>{LOAD_FAILED}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => {
              if (failed) retry();
              if (!order.data) void order.refetch();
            }}
          >
            Try Again
          </Button>
        </Alert>
      ) : !Body || order.isPending ? (
        spinner
      ) : (
        guard(<Body order={order.data} isError={order.isError} isFetching={order.isFetching} onCancel={requestClose} onSaved={onSaved} refetch={order.refetch} />)
      )}
    </Modal>
  );
}
