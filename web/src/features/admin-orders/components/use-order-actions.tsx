import { lazy, Suspense, useState, type ReactNode } from 'react';
import { errorMessage } from '@/components/errors/error-screen';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useArchiveOrder } from '../api/archive-order';
import { useDeleteOrder } from '../api/delete-order';
import { useUnarchiveOrder } from '../api/unarchive-order';
import type { AdminListOrder } from '../types';

/** What an action needs of an order: its id (a list row or the whole order). */
type ActedOn = Pick<AdminListOrder, 'id'>;

// The editor's frame and the work order (its sheet, photos and print styles) load when staff open one, not with every order list.
const EditOrderModal = lazy(() => import('./edit-order-modal').then(({ EditOrderModal }) => ({ default: EditOrderModal })));
const PrintWorkOrderModal = lazy(() => import('./print-work-order').then(({ PrintWorkOrderModal }) => ({ default: PrintWorkOrderModal })));

// Confirmations and results of the order actions, in the product's exact words.
export const orderActionMessages = {
  archiveConfirm: 'Are you sure you want to archive this order?',
  archived: 'Order archived successfully!',
  archiveFailed: (reason: string) => `Failed to archive order: ${reason}`,
  // A deleted order is soft-deleted, and staff can restore it from Deleted Orders.
  deleteConfirm: 'Are you sure you want to delete this order? It can be restored from Deleted Orders.',
  deleted: 'Order deleted successfully!',
  deleteFailed: (reason: string) => `Failed to delete order: ${reason}`,
  unarchiveConfirm: 'Are you sure you want to unarchive this order? It will reappear in the main active orders list.',
  unarchived: 'Order unarchived successfully!',
  unarchiveFailed: 'Failed to unarchive order.',
  deleteArchivedConfirm: 'Are you sure you want to (soft) delete this archived order? It will be marked as deleted.',
  archivedDeleted: 'Archived order deleted successfully!',
  deleteArchivedFailed: 'Failed to delete archived order.',
  updated: 'Order updated successfully!',
  archivedUpdated: 'Archived order updated successfully!',
} as const;

type Opened = { kind: 'edit' | 'print'; order: ActedOn } | null;

/**
 * Edit, Print, Archive, Unarchive and Delete for any admin order list. Render `element`
 * once: it holds the confirm dialog and the edit and print modals.
 */
export function useOrderActions({ archivedView = false }: { archivedView?: boolean } = {}) {
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const archive = useArchiveOrder();
  const unarchive = useUnarchiveOrder();
  const remove = useDeleteOrder();
  const [opened, setOpened] = useState<Opened>(null);
  const m = orderActionMessages;

  const onArchive = async (order: ActedOn) => {
    if (!(await confirm(m.archiveConfirm, { confirmLabel: 'Archive' }))) return;
    try {
      await archive.mutateAsync(order.id);
      toast.success(m.archived);
    } catch (error) {
      toast.error(m.archiveFailed(errorMessage(error)));
    }
  };

  const onUnarchive = async (order: ActedOn) => {
    if (!(await confirm(m.unarchiveConfirm, { confirmLabel: 'Unarchive' }))) return;
    try {
      await unarchive.mutateAsync(order.id);
      toast.success(m.unarchived);
    } catch {
      toast.error(m.unarchiveFailed);
    }
  };

  const onDelete = async (order: ActedOn) => {
    const text = archivedView ? m.deleteArchivedConfirm : m.deleteConfirm;
    if (!(await confirm(text, { confirmLabel: 'Delete', variant: 'danger' }))) return;
    try {
      await remove.mutateAsync(order.id);
      toast.success(archivedView ? m.archivedDeleted : m.deleted);
    } catch (error) {
      toast.error(archivedView ? m.deleteArchivedFailed : m.deleteFailed(errorMessage(error)));
    }
  };

  const element: ReactNode = (
    <>
      {dialog}
      {opened?.kind === 'edit' ? (
        <Suspense fallback={null}>
          <EditOrderModal
            orderId={opened.order.id}
            // The archived list titles the modal with the order id.
            title={archivedView ? `Edit Order ${opened.order.id}` : undefined}
            onClose={() => setOpened(null)}
            onSaved={() => {
              setOpened(null);
              toast.success(archivedView ? m.archivedUpdated : m.updated);
            }}
          />
        </Suspense>
      ) : null}
      {opened?.kind === 'print' ? (
        <Suspense fallback={null}>
          <PrintWorkOrderModal orderId={opened.order.id} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </>
  );

  return {
    edit: (order: ActedOn) => setOpened({ kind: 'edit', order }),
    print: (order: ActedOn) => setOpened({ kind: 'print', order }),
    archive: onArchive,
    unarchive: onUnarchive,
    remove: onDelete,
    busy: archive.isPending || unarchive.isPending || remove.isPending,
    element,
  };
}
