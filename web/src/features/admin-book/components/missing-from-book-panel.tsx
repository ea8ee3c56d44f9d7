import { useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { MissingFirearm } from '@gs/shared/api-types';
import { formatDate } from '@gs/shared/dates';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMissingFromBookPages } from '../api/list-missing';
import { bookTexts } from '../book-lines';
import { PagedList } from './paged-list';

/** Records the intake of one order's firearm (the app gives the order editor's Receive Firearm form). */
export type ReceiveDialogComponent = ComponentType<{ orderId: string; onClose: () => void; onReceived: () => void }>;

function MissingRow({ order, onRecord }: { order: MissingFirearm; onRecord: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-order-id={order.orderId}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.admin.manageOrders.getHref(order.orderId)} className="font-mono font-semibold text-blue-700 underline underline-offset-2 dark:text-amber-300">
            {order.orderNumber}
          </Link>
          <StatusBadge status={order.currentStatus} />
          {order.isArchived ? <Badge tone="grey">Archived</Badge> : null}
        </p>
        <p className="font-medium [overflow-wrap:anywhere]">
          {order.firearmMake} {order.firearmModel}
          <span className="font-normal text-slate-700 dark:text-slate-300"> · Serial <span className="font-mono">{order.serialNumber}</span></span>
        </p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {order.customerName} · Order created {formatDate(order.createdAt)}
        </p>
      </div>
      <Button className="shrink-0 self-start sm:self-center" onClick={onRecord} aria-label={`${bookTexts.recordIntake}: ${order.orderNumber}`}>
        {bookTexts.recordIntake}
      </Button>
    </li>
  );
}

/**
 * "Firearms missing from the A&D book": the orders whose status says the firearm came in without its intake, the
 * oldest order first, 25 at a time ("Load more"), with how many there are. Record Intake opens `receiveDialog` for
 * the order; once recorded, the order leaves the list.
 */
export function MissingFromBookPanel({ receiveDialog: ReceiveDialog }: { receiveDialog: ReceiveDialogComponent }) {
  const pages = useMissingFromBookPages();
  const [open, setOpen] = useState<MissingFirearm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const count = pages.data?.pages[0]?.count ?? 0;

  return (
    <section aria-labelledby="missing-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id="missing-title" className="text-lg font-semibold">
          {pages.data ? bookTexts.missingCount(count) : bookTexts.missingTitle}
        </h2>
        <Link to={paths.admin.book.getHref()} className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
          Back to the A&amp;D Book
        </Link>
      </div>
      <div aria-live="polite" role="status">
        {notice ? <p className="px-4 pt-4 text-sm font-medium text-emerald-700 dark:text-emerald-300">{notice}</p> : null}
      </div>
      <PagedList pages={pages} count={items.length} empty={bookTexts.missingEmpty} failed={bookTexts.missingLoadFailed}>
        <ul aria-label={bookTexts.missingTitle} className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((order) => (
            <MissingRow
              key={order.orderId}
              order={order}
              onRecord={() => {
                setNotice(null);
                setOpen(order);
              }}
            />
          ))}
        </ul>
      </PagedList>
      {open ? (
        <ReceiveDialog
          orderId={open.orderId}
          onClose={() => setOpen(null)}
          onReceived={() => {
            setNotice(bookTexts.intakeRecorded(open.orderNumber));
            setOpen(null);
          }}
        />
      ) : null}
    </section>
  );
}
