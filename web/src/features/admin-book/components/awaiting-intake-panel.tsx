import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AwaitingIntakeRow } from '@gs/shared/api-types';
import { formatShopTime, intakeDueTexts as t } from '@gs/shared/intake-due';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAwaitingIntakePages } from '../api/awaiting-intake';
import { bookTexts } from '../book-lines';
import type { ReceiveDialogComponent } from './missing-from-book-panel';
import { PagedList } from './paged-list';

function Row({ row, onReceive }: { row: AwaitingIntakeRow; onReceive: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-order-id={row.orderId}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.admin.manageOrders.getHref(row.orderId)} className="font-mono font-semibold text-blue-700 underline underline-offset-2 dark:text-amber-300">
            {row.orderNumber}
          </Link>
          {row.overdue ? <Badge tone="red">{t.overdue}</Badge> : null}
        </p>
        <p className="font-medium [overflow-wrap:anywhere]">
          {row.firearmMake} {row.firearmModel}
          <span className="font-normal text-slate-700 dark:text-slate-300"> · {row.customerName}</span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t.boxReceivedAt} {formatShopTime(row.receivedAt)}
        </p>
        <p className={`text-sm ${row.overdue ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}>{t.dueBy(formatShopTime(row.dueAt))}</p>
      </div>
      <Button className="shrink-0 self-start sm:self-center" onClick={onReceive} aria-label={`Receive Firearm: ${row.orderNumber}`}>
        Receive Firearm
      </Button>
    </li>
  );
}

/**
 * "Boxes awaiting intake": the boxes received without their intake, the earliest due first (overdue ones marked), 25
 * at a time ("Load more"), with both counts. Receive Firearm opens `receiveDialog`; once recorded, the order leaves.
 */
export function AwaitingIntakePanel({ receiveDialog: ReceiveDialog }: { receiveDialog: ReceiveDialogComponent }) {
  const pages = useAwaitingIntakePages();
  const [open, setOpen] = useState<AwaitingIntakeRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const first = pages.data?.pages[0];

  return (
    <section aria-labelledby="awaiting-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id="awaiting-title" className="text-lg font-semibold">
          {first ? `${t.awaitingIntake}: ${first.awaiting}${first.capped ? '+' : ''} · ${t.overdueForIntake}: ${first.overdue}` : t.listTitle}
        </h2>
        <Link to={paths.admin.book.getHref()} className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
          Back to the A&amp;D Book
        </Link>
      </div>
      <div aria-live="polite" role="status">
        {notice ? <p className="px-4 pt-4 text-sm font-medium text-emerald-700 dark:text-emerald-300">{notice}</p> : null}
      </div>
      <PagedList pages={pages} count={items.length} empty={t.listEmpty} failed="The boxes awaiting intake could not be loaded.">
        <ul aria-label={t.listTitle} className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((row) => (
            <Row
              key={row.orderId}
              row={row}
              onReceive={() => {
                setNotice(null);
                setOpen(row);
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
