import { useId, useState } from 'react';
import type { Order } from '@gs/shared/api-types';
import { workMessages } from '@gs/shared/work-dates';
import { Button } from '@/components/ui/button';
import { useGunsmiths } from '@/lib/gunsmiths';
import { useStaffMay } from '@/lib/staff-role';
import { useAssignOrder } from '../api/assign-order';

/**
 * "Assigned to" in the order editor: the gunsmith working on the order; the owner and the front desk pick one of the
 * active gunsmiths (or none), others read it.
 */
export function AssignControl({ order }: { order: Pick<Order, 'id' | 'assignedTo' | 'assignedToName'> }) {
  const counter = useStaffMay('counter');
  const gunsmiths = useGunsmiths({ enabled: counter });
  const assign = useAssignOrder();
  const [chosen, setChosen] = useState(order.assignedTo ?? '');
  const id = useId();
  if (!counter) {
    return (
      <p className="text-sm">
        <span className="font-medium">{workMessages.assignedTo}:</span> {order.assignedToName ?? workMessages.unassigned}
      </p>
    );
  }
  // The current assignee stays choosable even when they are no longer on the gunsmith list (another role, disabled).
  const options = [...(gunsmiths.data?.items ?? [])];
  if (order.assignedTo && !options.some((g) => g.id === order.assignedTo)) options.unshift({ id: order.assignedTo, name: order.assignedToName ?? order.assignedTo });
  const changed = chosen !== (order.assignedTo ?? '');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="flex flex-col text-sm font-medium">
        {workMessages.assignedTo}
        <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900">
          <option value="">{workMessages.unassigned}</option>
          {options.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" className="px-3 py-1.5" disabled={!changed || assign.isPending} onClick={() => assign.mutate({ orderId: order.id, gunsmithId: chosen || null })}>
        {workMessages.assign}
      </Button>
      {assign.isError ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {assign.error instanceof Error ? assign.error.message : workMessages.assigneeInvalid}
        </p>
      ) : null}
    </div>
  );
}
