import { useState } from 'react';
import type { CustomerRow } from '@gs/shared/api-types';
import { createCustomerSchema, updateCustomerSchema, type CreateCustomerInput, type UpdateCustomerInput } from '@gs/shared/schemas/customers';
import { PASSWORD_MIN_LENGTH } from '@gs/shared/validation';
import { formatPhone } from '@gs/shared/phone';
import { AddressFields, addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { bodySchema, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';

export const customerFormMessages = {
  addFailed: 'Failed to add customer. Please try again.',
  updateFailed: 'Failed to update customer. Please try again.',
  timedOut: 'Request timed out. Please try again.',
} as const;

/** Customer creation gives up after 10 s. */
export const CREATE_TIMEOUT_MS = 10_000;

interface Values {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: AddressValues;
  enableSmsNotifications: boolean;
}
/** By the contract's field names: `address.postalCode`… for the address (the 400 `fields` and the schema's issues). */
type Errors = Partial<Record<Exclude<keyof Values, 'address'> | `address.${keyof AddressValues}`, string>>;
type FieldName = Exclude<keyof Values, 'address'> | `address.${keyof AddressValues}`;

/**
 * A new customer: everything the form asks (a blank address is none); an edit: names, phone, address (all blank
 * clears it) and the SMS flag (no email or password).
 */
const toCreateInput = (v: Values) => ({ ...v, phone: v.phone.trim() || undefined, address: addressInput(v.address) ?? undefined });
const toUpdateInput = ({ firstName, lastName, phone, address, enableSmsNotifications }: Values) => ({ firstName, lastName, phone, address: addressInput(address), enableSmsNotifications });

/** The routes' own schemas (POST and PATCH /api/admin/customers), so the form refuses what the server would, with its words. */
const createSchema = bodySchema(toCreateInput, createCustomerSchema);
const updateSchema = bodySchema(toUpdateInput, updateCustomerSchema);

/** Runs `send` with a signal that aborts after `ms`: the request is cancelled, not left running behind the message. */
async function withTimeout<T>(send: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await send(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new Error(customerFormMessages.timedOut);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Add (email, password, names, phone, mailing address, SMS) or edit (no email change, no password) a customer. */
export function CustomerFormModal({
  customer,
  onClose,
  onSaved,
}: {
  /** null adds a new customer. */
  customer: CustomerRow | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const isNew = customer === null;
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useSchemaForm<Values, CreateCustomerInput | UpdateCustomerInput>({
    resolver: isNew ? schemaResolver(createSchema) : schemaResolver(updateSchema),
    defaultValues: {
      email: customer?.email ?? '',
      password: '',
      firstName: customer?.firstName ?? '',
      lastName: customer?.lastName ?? '',
      phone: formatPhone(customer?.phone),
      address: addressValuesOf(customer?.address),
      enableSmsNotifications: customer?.enableSmsNotifications ?? false,
    },
  });
  const { register, clearErrors } = form;
  const errors: Errors = errorTexts(form.formState.errors);
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  // Typing in a field takes its message away.
  const field = (name: FieldName) => ({ ...register(name, { onChange: () => clearErrors(name) }), error: errors[name] });

  const save = async (input: CreateCustomerInput | UpdateCustomerInput) => {
    try {
      if (isNew) {
        await withTimeout((signal) => create.mutateAsync({ input: input as CreateCustomerInput, signal }), CREATE_TIMEOUT_MS);
        onSaved('Customer added successfully!');
      } else {
        await update.mutateAsync({ id: customer.id, input });
        onSaved('Customer updated successfully!');
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The server's duplicate-email message, e.g. "A user with email x already exists in the system".
        setFormError(error.message);
        return;
      }
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        showErrors(form, error.fields);
        setFormError(error.message);
        return;
      }
      if (error instanceof Error && error.message === customerFormMessages.timedOut) {
        setFormError(customerFormMessages.timedOut);
        return;
      }
      setFormError(isNew ? customerFormMessages.addFailed : customerFormMessages.updateFailed);
    }
  };

  return (
    <Modal open onClose={onClose} size="md" title={isNew ? 'Add Customer' : 'Edit Customer'}>
      <form
        onSubmit={(event) => {
          setFormError(null);
          void form.handleSubmit(save)(event);
        }}
        noValidate
        aria-label={isNew ? 'Add customer' : 'Edit customer'}
        className="space-y-4"
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField
          label="Email"
          type="email"
          autoComplete="off"
          {...field('email')}
          disabled={!isNew}
          hint={isNew ? undefined : 'The email address cannot be changed.'}
        />
        {isNew ? (
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...field('password')}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. A temporary password: the customer gets it by email and chooses their own at first sign-in.`}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First Name" {...field('firstName')} autoComplete="off" />
          <FormField label="Last Name" {...field('lastName')} autoComplete="off" />
        </div>
        <FormField label="Phone" type="tel" {...field('phone')} hint="Optional" autoComplete="off" />
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            role="switch"
            {...register('enableSmsNotifications')}
            className="size-4 rounded border-slate-400 accent-slate-900 dark:accent-amber-400"
          />
          Enable SMS notifications
        </label>
        <fieldset className="space-y-3" aria-describedby="customer-address-hint">
          <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">Mailing Address</legend>
          <p id="customer-address-hint" className="text-xs text-slate-600 dark:text-slate-400">
            Optional. US addresses only. New orders take it as their return address.
          </p>
          {/* Staff type the customer's address, not their own: no autofill (as the fields above). */}
          <AddressFields field={(name) => register(`address.${name}`, { onChange: () => clearErrors(`address.${name}`) })} errors={errors} autoFill={false} />
        </fieldset>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : isNew ? 'Add Customer' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
