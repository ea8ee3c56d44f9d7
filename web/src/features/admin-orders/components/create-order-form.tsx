import { useState, type ComponentType, type FormEvent } from 'react';
import type { CustomerRow } from '@gs/shared/api-types';
import { dollarsToCents } from '@gs/shared/money';
import { createAdminOrderSchema } from '@gs/shared/schemas/admin-orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { issueFields, renameFields, type FieldErrors } from '@/lib/field-errors';
import { useCreateAdminOrder } from '../api/create-admin-order';
import { ORDER_FIELD_NAMES, OrderFieldset, type OrderFieldValues } from './order-fieldset';

export const CREATE_FAILED = 'Failed to create order. Please try again.';
export const ORDER_CREATED = 'Order created successfully!';

/**
 * The customer search of the form. The admin-customers feature has it; the route hands it in
 * (app/ composes features, which never import each other).
 */
export type CustomerPickerComponent = ComponentType<{ selected: CustomerRow | null; onSelect: (customer: CustomerRow | null) => void; error?: string }>;

type Values = OrderFieldValues & { firearmCaliber: string; inboundTrackingNumber: string };
type Errors = Partial<Record<keyof Values | 'customer', string>>;

const EMPTY: Values = {
  firearmMake: '',
  firearmModel: '',
  serialNumber: '',
  firearmCaliber: '',
  serviceType: '',
  description: '',
  estimatedCost: '',
  inboundTrackingNumber: '',
};

// The contract's field names → the form's.
const FORM_NAMES = { ...ORDER_FIELD_NAMES, customerId: 'customer' };

/** The request as the server's schema reads it (blank optional fields left out). */
const toInput = (customer: CustomerRow | null, v: Values) => ({
  customerId: customer?.id,
  firearmMake: v.firearmMake,
  firearmModel: v.firearmModel,
  serialNumber: v.serialNumber,
  firearmCaliber: v.firearmCaliber.trim() || undefined,
  serviceType: v.serviceType,
  description: v.description,
  estimatedCostCents: dollarsToCents(v.estimatedCost) ?? Number.NaN,
  inboundTrackingNumber: v.inboundTrackingNumber.trim() || undefined,
});

/** The admin create-order form, in a modal. */
export function CreateOrderModal({ onClose, customerPicker: CustomerPicker }: { onClose: () => void; customerPicker: CustomerPickerComponent }) {
  const create = useCreateAdminOrder();
  const toast = useToast();
  const [customer, setCustomer] = useState<CustomerRow | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const show = (fields: FieldErrors) => setErrors(renameFields(fields, FORM_NAMES) as Errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The route's own schema, so the form refuses what the server would, with its words.
    const parsed = createAdminOrderSchema.safeParse(toInput(customer, values));
    if (!parsed.success) {
      show(issueFields(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      toast.success(ORDER_CREATED);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) show(error.fields);
      setFormError(CREATE_FAILED);
    }
  };

  return (
    <Modal open onClose={onClose} size="lg" title="Create New Order">
      <form onSubmit={onSubmit} noValidate aria-label="Create order" className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <CustomerPicker
          selected={customer}
          onSelect={(c) => {
            setCustomer(c);
            if (c) setErrors((e) => ({ ...e, customer: undefined }));
          }}
          error={errors.customer}
        />
        <OrderFieldset
          values={values}
          errors={errors}
          onChange={set}
          caliber={{ value: values.firearmCaliber, onChange: set('firearmCaliber'), error: errors.firearmCaliber }}
        >
          <FormField
            label="Inbound Tracking Number"
            className="sm:col-span-2"
            value={values.inboundTrackingNumber}
            onChange={set('inboundTrackingNumber')}
            error={errors.inboundTrackingNumber}
            hint="Optional"
          />
        </OrderFieldset>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Order'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
