import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { serviceTypeMessages } from '@gs/shared/service-types';
import { activeTypeNames, useServiceTypes } from '@/lib/service-types';
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

/** A read-only field looks it: greyed, no text cursor. */
const LOCKED = '[&_input]:cursor-default [&_input]:bg-slate-100 [&_input]:text-slate-700 dark:[&_input]:bg-slate-800 dark:[&_input]:text-slate-300';

/** Form field → the contract's field (for the shared schemas' issues and the server's 400 `fields`). */
export const ORDER_FIELD_NAMES = { estimatedCostCents: 'estimatedCost' } as const;

/**
 * The firearm and service of an order, as both the create and the edit form ask for them: make,
 * model, serial number, (caliber), service type, estimated cost and description. `field` gives each
 * control's props (the form's register() of it); `children` are more fields in the same grid.
 */
export function OrderFieldset({
  field,
  errors,
  serviceType,
  legend,
  caliber,
  locked,
  children,
}: {
  field: (key: OrderFieldKey | 'firearmCaliber') => UseFormRegisterReturn;
  errors: Partial<Record<OrderFieldKey | 'firearmCaliber', string>>;
  /** The service type chosen now: one from before the list changed is offered too. */
  serviceType: string;
  /** Shown above the fields; without it the group is named for screen readers only. */
  legend?: string;
  /** Asks for the caliber too (optional; the create and edit forms). */
  caliber?: boolean;
  /** The firearm's description is in the A&D book: make, model, serial and caliber are read-only, with this hint. */
  locked?: string;
  children?: ReactNode;
}) {
  // The shop's price list (Settings → Service Types): its active types are offered.
  const types = useServiceTypes();
  const names = activeTypeNames(types.data);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className={legend ? 'mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400' : 'sr-only'}>
        {legend ?? 'Firearm & Service'}
      </legend>
      <FormField label="Firearm Make" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} {...field('firearmMake')} error={errors.firearmMake} />
      <FormField label="Firearm Model" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} {...field('firearmModel')} error={errors.firearmModel} />
      <FormField label="Serial Number" required readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} hint={locked} {...field('serialNumber')} error={errors.serialNumber} />
      {caliber ? (
        <FormField label="Caliber" readOnly={Boolean(locked)} className={locked ? LOCKED : undefined} {...field('firearmCaliber')} error={errors.firearmCaliber} hint={locked ?? 'Optional'} />
      ) : null}
      {/* Controlled: its options follow its value (a service type from before the list changed). */}
      <SelectField
        label="Service Type"
        required
        {...field('serviceType')}
        value={serviceType}
        error={errors.serviceType}
        hint={types.data && names.length === 0 ? serviceTypeMessages.noneActive : undefined}
      >
        <option value="">Select a service type</option>
        {names.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
        {/* An order keeps its own service type, even once the type is renamed or deactivated. */}
        {serviceType && !names.includes(serviceType) ? <option value={serviceType}>{serviceType}</option> : null}
      </SelectField>
      <FormField
        label="Estimated Cost ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        {...field('estimatedCost')}
        error={errors.estimatedCost}
      />
      <TextAreaField label="Description" required className="sm:col-span-2" {...field('description')} error={errors.description} />
      {children}
    </fieldset>
  );
}
