import { workMessages } from '@gs/shared/work-dates';
import { useState, type ComponentType } from 'react';
import { Controller } from 'react-hook-form';
import type { CustomerRow } from '@gs/shared/api-types';
import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { serviceTypeDefaultCents } from '@gs/shared/service-types';
import { typeNamed, useServiceTypes } from '@/lib/service-types';
import { createAdminOrderSchema, type CreateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { bodySchema, clearMessages, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { addressInput, emptyAddressValues, type AddressValues } from '@/components/form/address-fields';
import type { ReleaseMethod } from '@gs/shared/api-types';
import { useCreateAdminOrder } from '../api/create-admin-order';
import { NewOrderReturnFields, type ReturnAddressChoice } from './new-order-return';
import { ORDER_FIELD_NAMES, OrderFieldset, type OrderFieldValues } from './order-fieldset';

export const CREATE_FAILED = 'Failed to create order. Please try again.';
export const ORDER_CREATED = 'Order created successfully!';

/**
 * The customer search of the form. The admin-customers feature has it; the route hands it in
 * (app/ composes features, which never import each other).
 */
export type CustomerPickerComponent = ComponentType<{ selected: CustomerRow | null; onSelect: (customer: CustomerRow | null) => void; error?: string }>;

type Values = OrderFieldValues & {
  customer: CustomerRow | null;
  firearmCaliber: string;
  inboundTrackingNumber: string;
  promisedDate: string;
  /** The return: ship back (to the customer's mailing address or another) or pick up. */
  returnMethod: ReleaseMethod;
  returnChoice: ReturnAddressChoice;
  returnAddress: AddressValues;
};
type Errors = Record<string, string>;

const EMPTY: Values = {
  customer: null,
  firearmMake: '',
  firearmModel: '',
  serialNumber: '',
  firearmCaliber: '',
  serviceType: '',
  description: '',
  estimatedCost: '',
  inboundTrackingNumber: '',
  promisedDate: '',
  returnMethod: 'ship',
  returnChoice: 'mailing',
  returnAddress: emptyAddressValues,
};

// The contract's field names → the form's.
const FORM_NAMES = { ...ORDER_FIELD_NAMES, customerId: 'customer' };

/** The request as the server's schema reads it (blank optional fields left out). */
const toInput = (v: Values) => ({
  customerId: v.customer?.id as string,
  firearmMake: v.firearmMake,
  firearmModel: v.firearmModel,
  serialNumber: v.serialNumber,
  firearmCaliber: v.firearmCaliber.trim() || undefined,
  serviceType: v.serviceType,
  description: v.description,
  estimatedCostCents: dollarsToCents(v.estimatedCost) ?? Number.NaN,
  inboundTrackingNumber: v.inboundTrackingNumber.trim() || undefined,
  promisedDate: v.promisedDate.trim() || undefined,
  returnMethod: v.returnMethod,
  returnAddress: returnAddressInput(v),
});

/**
 * Where a shipped return goes: absent, the customer's mailing address (the server's default). Another address chosen
 * is sent whole (refused field by field when incomplete); with no mailing address on file it may stay blank (the
 * order then has no return address yet, as before).
 */
function returnAddressInput(v: Values): CreateAdminOrderInput['returnAddress'] {
  if (v.returnMethod !== 'ship') return undefined;
  const typed = addressInput(v.returnAddress);
  if (v.customer?.address) return v.returnChoice === 'other' ? ((typed ?? {}) as CreateAdminOrderInput['returnAddress']) : undefined;
  return (typed ?? undefined) as CreateAdminOrderInput['returnAddress'];
}

/** POST /api/admin/orders' own schema, so the form refuses what the server would, with its words. */
const createOrderSchema = bodySchema(toInput, createAdminOrderSchema);

/** The admin create-order form, in a modal. */
export function CreateOrderModal({ onClose, customerPicker: CustomerPicker }: { onClose: () => void; customerPicker: CustomerPickerComponent }) {
  const create = useCreateAdminOrder();
  const toast = useToast();
  const form = useSchemaForm<Values, CreateAdminOrderInput>({ resolver: schemaResolver(createOrderSchema, { formNames: FORM_NAMES }), defaultValues: EMPTY });
  const { register, clearErrors, control, setValue } = form;
  const errors: Errors = errorTexts(form.formState.errors);
  const [formError, setFormError] = useState<string | null>(null);

  const types = useServiceTypes();
  // Typing in a field takes its message away; picking a service type fills the estimate with its default price
  // (labor: its default hours × the shop's labor rate, the shared calculator's amount).
  const field = (key: Exclude<keyof Values, 'customer'>) =>
    register(key, {
      onChange: (event: { target: { value: string } }) => {
        clearErrors(key);
        if (key !== 'serviceType') return;
        const type = typeNamed(types.data, event.target.value);
        if (type && types.data) {
          setValue('estimatedCost', centsToInput(serviceTypeDefaultCents(type, types.data.laborRateCents)));
          clearErrors('estimatedCost');
        }
      },
    });

  const createOrder = async (input: CreateAdminOrderInput) => {
    try {
      await create.mutateAsync(input);
      toast.success(ORDER_CREATED);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) showErrors(form, error.fields, FORM_NAMES);
      setFormError(CREATE_FAILED);
    }
  };

  return (
    <Modal open onClose={onClose} size="lg" title="Create New Order">
      <form
        onSubmit={(event) => {
          setFormError(null);
          void form.handleSubmit(createOrder)(event);
        }}
        noValidate
        aria-label="Create order"
        className="space-y-4"
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Controller
          control={control}
          name="customer"
          render={({ field: picked }) => (
            <CustomerPicker
              selected={picked.value}
              onSelect={(c) => {
                picked.onChange(c);
                if (c) clearErrors('customer');
              }}
              error={errors.customer}
            />
          )}
        />
        <OrderFieldset field={field} errors={errors} serviceType={form.watch('serviceType')} caliber>
          <FormField label="Inbound Tracking Number" {...field('inboundTrackingNumber')} error={errors.inboundTrackingNumber} hint="Optional" />
          <FormField label={workMessages.promisedDate} type="date" {...field('promisedDate')} error={errors.promisedDate} hint={workMessages.promisedHint} />
        </OrderFieldset>
        <NewOrderReturnFields
          method={form.watch('returnMethod')}
          onMethod={(m) => setValue('returnMethod', m)}
          choice={form.watch('returnChoice')}
          onChoice={(c) => setValue('returnChoice', c)}
          mailing={form.watch('customer')?.address ?? null}
          typed={form.watch('returnAddress')}
          field={(name) => register(`returnAddress.${name}`, { onChange: () => clearMessages(form, `returnAddress.${name}`) })}
          errors={errors}
        />
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
