import { useEffect, useId, useState, type FormEvent } from 'react';
import { adminMessages } from '@gs/shared/admin-messages';
import { dollarsToCents } from '@gs/shared/money';
import { SERVICE_TYPES } from '@gs/shared/statuses';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useCustomers } from '../../admin-customers/api/list-customers';
import { customerName, type CustomerRow } from '../../admin-customers/types';
import { useCreateAdminOrder } from '../api/create-admin-order';

export const CREATE_FAILED = 'Failed to create order. Please try again.';
export const ORDER_CREATED = 'Order created successfully!';

interface Values {
  firearmMake: string;
  firearmModel: string;
  serialNumber: string;
  firearmCaliber: string;
  serviceType: string;
  description: string;
  estimatedCost: string;
  inboundTrackingNumber: string;
}
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

function validate(customer: CustomerRow | null, v: Values): Errors {
  const errors: Errors = {};
  if (!customer) errors.customer = adminMessages.customerRequired;
  if (!v.firearmMake.trim()) errors.firearmMake = adminMessages.firearmMakeRequired;
  if (!v.firearmModel.trim()) errors.firearmModel = adminMessages.firearmModelRequired;
  if (!v.serialNumber.trim()) errors.serialNumber = adminMessages.serialNumberRequired;
  if (!v.serviceType) errors.serviceType = adminMessages.serviceTypeRequired;
  if (!v.description.trim()) errors.description = adminMessages.descriptionRequired;
  if (dollarsToCents(v.estimatedCost) === null) errors.estimatedCost = adminMessages.estimatedCostInvalid;
  return errors;
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search by name, email or phone; after a choice the customer shows with a Change action. */
function CustomerPicker({ selected, onSelect, error }: { selected: CustomerRow | null; onSelect: (c: CustomerRow | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const customers = useCustomers(term, { enabled: !selected && term.length > 0 });
  const id = useId();

  if (selected) {
    return (
      <div className="rounded-lg border border-slate-300 bg-slate-50 p-3 dark:border-slate-600 dark:bg-slate-800/60">
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Customer</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <div className="text-sm" data-testid="selected-customer">
            <p className="font-semibold">{customerName(selected)}</p>
            <p className="text-slate-700 dark:text-slate-300">
              {selected.email}
              {selected.phone ? ` · ${selected.phone}` : ''}
            </p>
          </div>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => onSelect(null)}>
            Change
          </Button>
        </div>
      </div>
    );
  }

  const items = customers.data?.items ?? [];
  return (
    <div>
      <FormField
        id={id}
        label="Customer"
        type="search"
        placeholder="Search by name, email or phone"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        error={error}
        autoComplete="off"
      />
      {term ? (
        <div className="mt-2 max-h-[15rem] overflow-y-auto rounded-lg border border-slate-300 dark:border-slate-600" data-testid="customer-results">
          {customers.isFetching && items.length === 0 ? (
            <div className="flex justify-center p-3">
              <Spinner className="size-5" />
            </div>
          ) : customers.isError ? (
            <p className="p-3 text-sm text-red-700 dark:text-red-300">Failed to load customers. Please try again.</p>
          ) : items.length === 0 ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No customers found</p>
          ) : (
            <ul aria-label="Matching customers" className="divide-y divide-slate-200 dark:divide-slate-700">
              {items.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(c)}
                    className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                  >
                    <span className="block font-medium">{customerName(c)}</span>
                    <span className="block text-slate-600 dark:text-slate-400">
                      {c.email}
                      {c.phone ? ` · ${c.phone}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** The admin create-order form (admin-side §2 and §5), in a modal. */
export function CreateOrderModal({ onClose }: { onClose: () => void }) {
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validate(customer, values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !customer) return;
    try {
      await create.mutateAsync({
        customerId: customer.id,
        firearmMake: values.firearmMake.trim(),
        firearmModel: values.firearmModel.trim(),
        serialNumber: values.serialNumber.trim(),
        firearmCaliber: values.firearmCaliber.trim() || undefined,
        serviceType: values.serviceType,
        description: values.description.trim(),
        estimatedCostCents: dollarsToCents(values.estimatedCost) ?? 0,
        inboundTrackingNumber: values.inboundTrackingNumber.trim() || undefined,
      });
      toast.success(ORDER_CREATED);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        const mapped: Errors = {};
        for (const [field, message] of Object.entries(error.fields)) {
          const key = field === 'estimatedCostCents' ? 'estimatedCost' : field === 'customerId' ? 'customer' : field;
          mapped[key as keyof Errors] = message;
        }
        setErrors(mapped);
      }
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
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Firearm Make" required value={values.firearmMake} onChange={set('firearmMake')} error={errors.firearmMake} />
          <FormField label="Firearm Model" required value={values.firearmModel} onChange={set('firearmModel')} error={errors.firearmModel} />
          <FormField label="Serial Number" required value={values.serialNumber} onChange={set('serialNumber')} error={errors.serialNumber} />
          <FormField label="Caliber" value={values.firearmCaliber} onChange={set('firearmCaliber')} hint="Optional" />
          <SelectField label="Service Type" required value={values.serviceType} onChange={set('serviceType')} error={errors.serviceType}>
            <option value="">Select a service type</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <FormField
            label="Estimated Cost ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            value={values.estimatedCost}
            onChange={set('estimatedCost')}
            error={errors.estimatedCost}
          />
          <TextAreaField label="Description" required className="sm:col-span-2" value={values.description} onChange={set('description')} error={errors.description} />
          <FormField label="Inbound Tracking Number" className="sm:col-span-2" value={values.inboundTrackingNumber} onChange={set('inboundTrackingNumber')} hint="Optional" />
        </div>
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
