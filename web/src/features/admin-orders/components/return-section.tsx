import { useState } from 'react';
import { addressLines, type Address } from '@gs/shared/address';
import type { ReleaseMethod } from '@gs/shared/api-types';
import { updateAdminOrderSchema, type UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { AddressFields, addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { bodySchema, clearMessages, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useUpdateAdminOrder } from '../api/update-admin-order';
import type { AdminOrder } from '../types';
import { ChoiceGroup, addressErrors, refusal, sectionTitle, serverFields } from './firearm-shared';

export const RETURN_FAILED = 'Failed to save the return method. Please try again.';

export const RETURN_OPTIONS: ReadonlyArray<{ value: ReleaseMethod; label: string }> = [
  { value: 'ship', label: 'Ship it back' },
  { value: 'pickup', label: 'Pick up in person' },
];

/** How the firearm goes back, as the panel reads it. */
export function ReturnSummary({ order }: { order: AdminOrder }) {
  if (!order.shippingSelected) return <p className="text-sm">Pick up in person</p>;
  const lines = addressLines(order.returnAddress);
  return (
    <div className="text-sm [overflow-wrap:anywhere]">
      <p>Ship back to {order.returnName ?? order.customerName}</p>
      {lines.length ? (
        <address className="text-slate-700 not-italic [overflow-wrap:anywhere] dark:text-slate-300">
          {lines.map((l) => (
            <span key={l} className="block">
              {l}
            </span>
          ))}
        </address>
      ) : (
        <p className="text-amber-800 dark:text-amber-300">No return address yet.</p>
      )}
    </div>
  );
}

interface ReturnValues {
  method: ReleaseMethod;
  name: string;
  address: AddressValues;
}

/**
 * PATCH /api/admin/orders/{orderId} as the return form sends it: shipping back needs the whole address (a blank
 * one is refused field by field); a pickup sends only the method.
 */
const returnInput = (values: ReturnValues, version: number): UpdateAdminOrderInput =>
  values.method === 'ship'
    ? { version, returnMethod: values.method, returnName: values.name.trim() || null, returnAddress: (addressInput(values.address) ?? {}) as UpdateAdminOrderInput['returnAddress'] }
    : { version, returnMethod: values.method };

function ReturnForm({ order, customerAddress, onDone, onCancel }: { order: AdminOrder; customerAddress: Address | null; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateAdminOrder();
  const [initial] = useState<ReturnValues>(() => ({
    method: order.shippingSelected ? 'ship' : 'pickup',
    name: order.returnName ?? order.customerName,
    address: addressValuesOf(order.returnAddress ?? customerAddress),
  }));
  // The route's own schema, so the form refuses what the server would, with its words.
  const form = useSchemaForm<ReturnValues, UpdateAdminOrderInput>({
    resolver: schemaResolver(bodySchema((v: ReturnValues) => returnInput(v, order.version), updateAdminOrderSchema)),
    defaultValues: initial,
  });
  const { register, setValue } = form;
  const { method, name, address } = form.watch();
  const errors = errorTexts(form.formState.errors);
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(method !== initial.method || name !== initial.name || JSON.stringify(address) !== JSON.stringify(initial.address));

  const save = async (input: UpdateAdminOrderInput) => {
    try {
      await update.mutateAsync({ orderId: order.id, input });
      onDone();
    } catch (error) {
      showErrors(form, serverFields(error));
      setMessage(refusal(error, RETURN_FAILED));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(save)(event);
      }}
      noValidate
      aria-label="Return method"
      className="@container space-y-4"
    >
      <ChoiceGroup legend="Return Method" name="return" value={method} options={RETURN_OPTIONS} onChange={(m) => setValue('method', m)} error={errors.returnMethod} />
      {method === 'ship' ? (
        <>
          <FormField label="Return Name" {...register('name')} error={errors.returnName} placeholder={order.customerName} autoComplete="off" />
          <AddressFields
            // Typing in an address field takes its own message away.
            field={(field) => register(`address.${field}`, { onChange: () => clearMessages(form, `returnAddress.${field}`) })}
            errors={addressErrors(errors, 'returnAddress')}
            autoFill={false}
          />
        </>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">Shipping it back adds the return shipping to the invoice; a pickup does not.</p>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Return Method'}
        </Button>
      </div>
    </form>
  );
}

/** The return method and address (ship back to a name and address, or pick up in person), editable until the firearm leaves. */
export function ReturnSection({
  order,
  customerAddress,
  editing,
  onEdit,
  onClose,
}: {
  order: AdminOrder;
  customerAddress: Address | null;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
}) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className={sectionTitle}>Return</h4>
        {!editing && !order.release ? (
          <Button variant="secondary" className="px-3 py-1.5" onClick={onEdit}>
            Edit Return
          </Button>
        ) : null}
      </div>
      {editing ? <ReturnForm order={order} customerAddress={customerAddress} onDone={onClose} onCancel={onClose} /> : <ReturnSummary order={order} />}
    </div>
  );
}
