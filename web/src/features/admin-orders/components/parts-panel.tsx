import { useState, type FormEvent } from 'react';
import { adminMessages } from '@gs/shared/admin-messages';
import { formatCents, dollarsToCents } from '@gs/shared/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAddPart } from '../api/add-part';
import { useParts } from '../api/list-parts';
import { useRemovePart } from '../api/remove-part';
import type { AdminOrder } from '../types';

export const PARTS_LOAD_FAILED = 'Failed to load parts. Please try again.';
export const PART_ADD_FAILED = 'Failed to add part. Please try again.';
export const PART_DELETE_FAILED = 'Failed to delete part. Please try again.';
export const REMOVE_PART_CONFIRM = 'Are you sure you want to remove this part?';

interface PartValues {
  partName: string;
  partDescription: string;
  cost: string;
  quantity: string;
}
type PartErrors = Partial<Record<keyof PartValues, string>>;

const EMPTY: PartValues = { partName: '', partDescription: '', cost: '', quantity: '1' };

function validatePart(values: PartValues): PartErrors {
  const errors: PartErrors = {};
  if (!values.partName.trim()) errors.partName = adminMessages.partNameRequired;
  if (dollarsToCents(values.cost) === null) errors.cost = adminMessages.partCostInvalid;
  const quantity = values.quantity.trim();
  if (!/^\d+$/.test(quantity) || Number(quantity) < 1) errors.quantity = adminMessages.partQuantityInvalid;
  return errors;
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </svg>
  );
}

/** The invoice as the server computed it after the last change (tax 7.75 % on parts only). */
function InvoiceSummary({ order }: { order: AdminOrder }) {
  const inv = order.invoice;
  const rows: [string, number][] = [
    ['Service', inv.serviceCents],
    ['Parts', inv.partsCents],
    ['Subtotal', inv.serviceCents + inv.partsCents],
    ['Tax (7.75% on parts)', inv.taxCents],
    ['Shipping', inv.shippingCents],
  ];
  const unbilled = order.additionalCostApprovalStatus === 'pending' || order.additionalCostApprovalStatus === 'rejected';
  return (
    <div aria-label="Invoice summary" role="group" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([label, cents]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="text-right tabular-nums">{formatCents(cents)}</dd>
          </div>
        ))}
        <dt className="border-t border-slate-300 pt-1 font-semibold dark:border-slate-600">Total</dt>
        <dd className="border-t border-slate-300 pt-1 text-right font-semibold tabular-nums dark:border-slate-600">{formatCents(inv.totalCents)}</dd>
        <dt className="text-slate-700 dark:text-slate-300">Amount Paid</dt>
        <dd className="text-right tabular-nums">{formatCents(inv.amountPaidCents)}</dd>
        <dt className="font-semibold">Balance Due</dt>
        <dd className="text-right font-semibold tabular-nums">{formatCents(inv.balanceDueCents)}</dd>
      </dl>
      {unbilled ? (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Additional costs are billed once the customer approves them.
        </p>
      ) : null}
    </div>
  );
}

/** Parts and Additional Costs: the part lines, their total, an add form and the refreshed invoice. */
export function PartsPanel({ order }: { order: AdminOrder }) {
  const parts = useParts(order.id);
  const addPart = useAddPart();
  const removePart = useRemovePart();
  const { confirm, dialog } = useConfirm();
  const [values, setValues] = useState<PartValues>(EMPTY);
  const [errors, setErrors] = useState<PartErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  const set = (key: keyof PartValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = validatePart(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await addPart.mutateAsync({
        orderId: order.id,
        input: {
          partName: values.partName.trim(),
          partDescription: values.partDescription.trim() || undefined,
          partCostCents: dollarsToCents(values.cost) ?? 0,
          quantity: Number(values.quantity),
        },
      });
      setValues(EMPTY);
    } catch (error) {
      setMessage(error instanceof ApiError && error.status === 400 ? error.message : PART_ADD_FAILED);
    }
  };

  const onRemove = async (partId: string) => {
    setMessage(null);
    if (!(await confirm(REMOVE_PART_CONFIRM, { confirmLabel: 'Remove', variant: 'danger' }))) return;
    try {
      await removePart.mutateAsync({ orderId: order.id, partId });
    } catch {
      setMessage(PART_DELETE_FAILED);
    }
  };

  const items = parts.data?.items ?? [];
  const totalCents = items.reduce((sum, p) => sum + p.lineTotalCents, 0);

  return (
    <section aria-labelledby={`parts-${order.id}`} className="space-y-3">
      <h3 id={`parts-${order.id}`} className="text-base font-semibold">
        Parts and Additional Costs
      </h3>
      {message ? <Alert tone="error">{message}</Alert> : null}

      {parts.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner className="size-6" />
        </div>
      ) : parts.isError ? (
        <Alert tone="error">
          <p>{PARTS_LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void parts.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2">Part</th>
                <th scope="col" className="px-3 py-2 text-right">Quantity</th>
                <th scope="col" className="px-3 py-2 text-right">Cost</th>
                <th scope="col" className="px-3 py-2 text-right">Line Total</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {items.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-3 text-slate-600 dark:text-slate-400">
                    No parts added yet.
                  </td>
                </tr>
              ) : (
                items.map((part) => (
                  <tr key={part.id}>
                    <td className="px-3 py-2">
                      <span className="font-medium">{part.partName}</span>
                      {part.partDescription ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{part.partDescription}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{part.quantity}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(part.partCostCents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(part.lineTotalCents)}</td>
                    <td className="px-3 py-2 text-right">
                      <button
                        type="button"
                        aria-label={`Remove ${part.partName}`}
                        onClick={() => void onRemove(part.id)}
                        disabled={removePart.isPending}
                        className="rounded p-1.5 text-red-700 hover:bg-red-50 disabled:opacity-50 dark:text-red-300 dark:hover:bg-red-950"
                      >
                        <TrashIcon />
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot className="border-t border-slate-300 dark:border-slate-600">
              <tr>
                <th scope="row" colSpan={3} className="px-3 py-2 text-right font-semibold">
                  Total Additional Cost
                </th>
                <td className="px-3 py-2 text-right font-semibold tabular-nums" data-testid="parts-total">
                  {formatCents(totalCents)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      <form onSubmit={onSubmit} noValidate aria-label="Add part" className="grid gap-3 sm:grid-cols-2">
        <FormField label="Part Name" required value={values.partName} onChange={set('partName')} error={errors.partName} />
        <FormField label="Part Description" value={values.partDescription} onChange={set('partDescription')} />
        <FormField label="Part Cost ($)" type="number" inputMode="decimal" min={0} step={0.01} required value={values.cost} onChange={set('cost')} error={errors.cost} />
        <FormField label="Quantity" type="number" inputMode="numeric" min={1} step={1} required value={values.quantity} onChange={set('quantity')} error={errors.quantity} />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={addPart.isPending}>
            {addPart.isPending ? 'Adding...' : 'Add Part'}
          </Button>
        </div>
      </form>

      <InvoiceSummary order={order} />
      {dialog}
    </section>
  );
}
