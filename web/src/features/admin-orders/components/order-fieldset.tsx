import type { ReactNode } from 'react';
import { SERVICE_TYPES } from '@gs/shared/statuses';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { FormField } from '@/components/ui/form-field';

/** The order's firearm and service as the forms hold them (the cost as typed, in dollars). */
export interface OrderFieldValues {
  firearmMake: string;
  firearmModel: string;
  serialNumber: string;
  serviceType: string;
  description: string;
  estimatedCost: string;
}
export type OrderFieldKey = keyof OrderFieldValues;
type Change = (event: { target: { value: string } }) => void;

/** A read-only field looks it: greyed, no text cursor. */
const LOCKED = '[&_input]:cursor-default [&_input]:bg-slate-100 [&_input]:text-slate-700 dark:[&_input]:bg-slate-800 dark:[&_input]:text-slate-300';

/** Form field → the contract's field (for the shared schemas' issues and the server's 400 `fields`). */
export const ORDER_FIELD_NAMES = { estimatedCostCents: 'estimatedCost' } as const;

/**
 * The firearm and service of an order, as both the create and the edit form ask for them: make,
 * model, serial number, (caliber), service type, estimated cost and description. `children` are
 * more fields in the same grid.
 */
export function OrderFieldset({
  values,
  errors,
  onChange,
  legend,
  caliber,
  locked,
  children,
}: {
  values: OrderFieldValues;
  errors: Partial<Record<OrderFieldKey, string>>;
  onChange: (key: OrderFieldKey) => Change;
  /** Shown above the fields; without it the group is named for screen readers only. */
  legend?: string;
  /** Asks for the caliber too (optional; the create and edit forms). */
  caliber?: { value: string; onChange: Change; error?: string };
  /** The firearm's description is in the A&D book: make, model, serial and caliber are read-only, with this hint. */
  locked?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className={legend ? 'mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400' : 'sr-only'}>
        {legend ?? 'Firearm & Service'}
      </legend>
      <FormField label="Firearm Make" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} value={values.firearmMake} onChange={onChange('firearmMake')} error={errors.firearmMake} />
      <FormField label="Firearm Model" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} value={values.firearmModel} onChange={onChange('firearmModel')} error={errors.firearmModel} />
      <FormField label="Serial Number" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} value={values.serialNumber} onChange={onChange('serialNumber')} error={errors.serialNumber} />
      {caliber ? (
        <FormField label="Caliber" readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} value={caliber.value} onChange={caliber.onChange} error={caliber.error} hint={locked ?? 'Optional'} />
      ) : null}
      <SelectField label="Service Type" required value={values.serviceType} onChange={onChange('serviceType')} error={errors.serviceType}>
        <option value="">Select a service type</option>
        {SERVICE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
        {/* An order from before the list changed keeps its own service type. */}
        {values.serviceType && !(SERVICE_TYPES as readonly string[]).includes(values.serviceType) ? (
          <option value={values.serviceType}>{values.serviceType}</option>
        ) : null}
      </SelectField>
      <FormField
        label="Estimated Cost ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={values.estimatedCost}
        onChange={onChange('estimatedCost')}
        error={errors.estimatedCost}
      />
      <TextAreaField label="Description" required className="sm:col-span-2" value={values.description} onChange={onChange('description')} error={errors.description} />
      {children}
    </fieldset>
  );
}
