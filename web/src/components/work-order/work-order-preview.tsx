import { useRef, useState } from 'react';
import type { OrderDetail } from '@gs/shared/api-types';
import type { Photo } from '@gs/shared/photos';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { useShop } from '@/lib/shop';
import workOrderCssUrl from './work-order-print.css?url';
import { WorkOrderSheet } from './work-order-sheet';

export const POPUP_BLOCKED = 'Please allow pop-ups for printing to work';
export const HISTORY_LOAD_FAILED = 'Failed to load communication history for the work order. Please try again.';

/**
 * Opens the print window with the sheet's markup; false when the browser blocked the pop-up. The window
 * links work-order-print.css (a stylesheet: the production Content-Security-Policy refuses inline styles)
 * and prints once it has loaded.
 */
export function printWorkOrder(sheet: HTMLElement, title: string): boolean {
  const win = window.open('', '_blank', 'width=800,height=900');
  if (!win) return false;
  const doc = win.document;
  doc.open();
  doc.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title></head><body></body></html>');
  doc.close();
  doc.title = title;
  const style = doc.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL(workOrderCssUrl, window.location.href).href;
  doc.head.append(style);
  doc.body.innerHTML = sheet.innerHTML;
  // Printed once its stylesheet is there (or could not be had: the sheet still prints, plainly), and its photos
  // have loaded (or failed, or a few seconds passed).
  const print = () => {
    const pending = Array.from(doc.images).filter((img) => !img.complete);
    const go = () => {
      win.focus();
      win.print();
    };
    if (!pending.length) return go();
    let left = pending.length;
    const one = () => {
      left -= 1;
      if (left === 0) go();
    };
    const timer = win.setTimeout(() => {
      left = -1;
      go();
    }, 5000);
    for (const img of pending) {
      const done = () => {
        if (left < 0) return;
        one();
        if (left === 0) win.clearTimeout(timer);
      };
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }
  };
  style.addEventListener('load', print, { once: true });
  style.addEventListener('error', print, { once: true });
  return true;
}

/** What the preview needs of the order's query (staff: useAdminOrder; the customer: useOrder). */
interface OrderQuery {
  data: OrderDetail | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The work order print preview, for staff and for the customer; its Print button opens the print window. */
export function WorkOrderPreview({ order, onClose, photos }: { order: OrderQuery; onClose: () => void; photos?: readonly Photo[] }) {
  const sheetRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const shop = useShop();

  const onPrint = () => {
    setError(null);
    if (!sheetRef.current || !order.data) return;
    if (!printWorkOrder(sheetRef.current, `Work Order ${order.data.orderNumber}`)) setError(POPUP_BLOCKED);
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Work Order Preview"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onPrint} disabled={!order.data}>
            Print
          </Button>
        </>
      }
    >
      {error ? (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      {order.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : order.isError || !order.data ? (
        <Alert tone="error">
          <p>{HISTORY_LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void order.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <div ref={sheetRef}>
          <WorkOrderSheet order={order.data} shop={shop} photos={photos} />
        </div>
      )}
    </Modal>
  );
}
