import type { UseFormRegisterReturn } from 'react-hook-form';
import { ADDRESS_LIMITS, US_STATE_NAMES, US_STATES, type Address } from '@gs/shared/address';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from './fields';

/** An address form's fields as typed (every one a string; the shared schema trims and checks them). */
export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export const emptyAddressValues: AddressValues = { line1: '', line2: '', city: '', state: '', postalCode: '' };

export const addressValuesOf = (a: Address | null | undefined): AddressValues =>
  a ? { line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.state, postalCode: a.postalCode } : emptyAddressValues;

/**
 * The body's `address` (shared/src/schemas/address.ts): null when every field is blank (no address, or
 * clear it), else the fields as typed, for the route's schema to check, so a half-filled address is refused
 * field by field rather than dropped.
 */
export function addressInput(v: AddressValues): { line1: string; line2: string; city: string; state: string; postalCode: string } | null {
  return Object.values(v).every((field) => !field.trim()) ? null : { ...v };
}

/** Autofill tokens of the customer's own address; staff typing someone else's say `off` (their browser's address is not the customer's). */
const AUTOFILL = { line1: 'address-line1', line2: 'address-line2', city: 'address-level2', state: 'address-level1', postalCode: 'postal-code' } as const;

/**
 * A US mailing address: street, apartment/suite (optional), city, state, ZIP. `field` gives each input's
 * props: the form's `register('address.line1')`… (with what the form does when it changes). The errors are
 * the 400 `fields` (and the shared schema's issues) keyed `address.line1`…, as the route answers them.
 */
export function AddressFields({
  field: register,
  errors = {},
  autoFill,
}: {
  field: (name: keyof AddressValues) => UseFormRegisterReturn;
  errors?: Partial<Record<string, string>>;
  /** The customer's own address: the browser may fill it in. */
  autoFill: boolean;
}) {
  const field = (name: keyof AddressValues) => ({
    ...register(name),
    error: errors[`address.${name}`],
    autoComplete: autoFill ? AUTOFILL[name] : 'off',
  });
  return (
    // Laid out by the width it is given (a page card or a modal), not the window's.
    <div className="@container space-y-4">
      <FormField label="Street Address" maxLength={ADDRESS_LIMITS.line} {...field('line1')} />
      <FormField label="Apartment, Suite, etc." hint="Optional" maxLength={ADDRESS_LIMITS.line} {...field('line2')} />
      <div className="grid grid-cols-2 gap-4 @xl:grid-cols-4">
        <FormField label="City" className="col-span-2" maxLength={ADDRESS_LIMITS.city} {...field('city')} />
        {/* A native select draws shorter than a text input: as tall as the ZIP field beside it. */}
        <SelectField label="State" className="[&_select]:min-h-[2.625rem]" {...field('state')}>
          <option value="">Select…</option>
          {US_STATES.map((code) => (
            <option key={code} value={code}>
              {US_STATE_NAMES[code]}
            </option>
          ))}
        </SelectField>
        <FormField label="ZIP Code" maxLength={ADDRESS_LIMITS.postalCode} {...field('postalCode')} />
      </div>
    </div>
  );
}
