import { useState } from 'react';
import { activityText as t } from '@gs/shared/activity';
import { Modal } from '@/components/ui/modal';
import { ActivityList } from '@/components/activity/activity-list';
import { useCustomerActivity } from '../api/get-customer-activity';

function HistoryIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function CustomerActivity({ customerId }: { customerId: string }) {
  const list = useCustomerActivity(customerId);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t.description}</p>
      <ActivityList list={list} showOrder />
    </div>
  );
}

/** A customer row's "Activity" action: a dialog with the customer's staff audit log (theirs and their orders'). */
export function CustomerActivityButton({ customerId, name }: { customerId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={`Activity for ${name}`}
        title="Activity"
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <HistoryIcon />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`${t.title} · ${name}`} size="lg">
        <CustomerActivity customerId={customerId} />
      </Modal>
    </>
  );
}
