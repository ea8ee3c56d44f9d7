import { useState, type FormEvent } from 'react';
import { formatShopTime, intakeDueTexts as t, isIntakeOverdue } from '@gs/shared/intake-due';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useStaffMay } from '@/lib/staff-role';
import { useRecordBoxReceived } from '../api/box-received';
import type { AdminOrder } from '../types';

/** "2026-11-30T09:15" (the input's value) as an ISO time: the browser's wall clock, which at the shop is the shop's. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/**
 * Before the intake: when the box arrived. Not recorded yet (counter roles): the time received (empty: now) and Box
 * received. Recorded: when, "Intake due by …" (the close of the next business day, shop time) and Overdue once late.
 */
export function BoxReceived({ order }: { order: AdminOrder }) {
  const may = useStaffMay('counter');
  const record = useRecordBoxReceived();
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (order.boxReceivedAt) {
    const due = order.intakeDueAt;
    const late = due ? isIntakeOverdue(due) : false;
    return (
      <div data-testid="box-received" className="space-y-1 text-sm">
        <p>
          <span className="font-medium">{t.boxReceivedAt}:</span> {formatShopTime(order.boxReceivedAt)}
        </p>
        {due ? (
          <p className="flex flex-wrap items-center gap-2">
            <span className={late ? 'font-semibold text-red-700 dark:text-red-300' : 'font-medium'}>{t.dueBy(formatShopTime(due))}</span>
            {late ? <Badge tone="red">{t.overdue}</Badge> : null}
          </p>
        ) : null}
      </div>
    );
  }
  if (!may) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    record.mutate(
      { orderId: order.id, input: when ? { receivedAt: isoOf(when) } : {} },
      { onError: (err) => setError(err instanceof ApiError ? (err.fields.receivedAt ?? err.message) : String(err)) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="box-received-form" noValidate>
      <FormField label={`${t.boxReceivedAt} (empty: now)`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} error={error ?? undefined} className="sm:w-64" />
      <Button type="submit" variant="secondary" disabled={record.isPending}>
        {t.markBoxReceived}
      </Button>
    </form>
  );
}
