import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CounterpartyKind } from '@gs/shared/api-types';
import { AddressFields, type AddressValues } from '@/components/form/address-fields';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/form/fields';
import { FIREARM_TYPES, firearmTypeLabel } from '@gs/shared/firearms';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/field-errors';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day of the book (YYYY-MM-DD) as the UI shows dates ("Nov 27, 2026"), with no time zone shift. */
export function formatDay(day: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}` : (day ?? '');
}

/** Today in the staff's own time zone (YYYY-MM-DD): the day they receive or hand over the firearm. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The server's words when it refuses something the admin can fix (400) or that changed meanwhile (409). */
export const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.message : fallback;

/** The 400 `fields` of a failed save (none for other failures). */
export const serverFields = (error: unknown): FieldErrors => (error instanceof ApiError && error.status === 400 ? error.fields : {});

/** `fromAddress.line1` → `address.line1`: the keys AddressFields shows its errors under. */
export function addressErrors(errors: FieldErrors, key: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, text] of Object.entries(errors)) if (field.startsWith(`${key}.`)) out[`address.${field.slice(key.length + 1)}`] = text;
  return out;
}

/** Errors the form has no field for: shown once, above the buttons. */
export function strayErrors(errors: FieldErrors, known: readonly string[]): string[] {
  return [...new Set(Object.entries(errors).filter(([field]) => !known.some((k) => field === k || field.startsWith(`${k}.`))).map(([, text]) => text))];
}

export const sectionTitle = 'text-sm font-semibold';
export const panelBox = 'space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700';

/** A pair of radio buttons (or more) in a fieldset with a legend. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-6 min-w-0 items-center gap-2 text-sm [overflow-wrap:anywhere]">
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const PARTY_LABELS: Record<CounterpartyKind, string> = { customer: 'The customer', licensee: 'A licensee (FFL)' };

/**
 * One side of a book entry: the customer (their name, and their address) or a licensee (name, FFL number,
 * address optional). `prefix` is the contract's (`from`, `to`): errors are keyed `fromName`, `fromAddress.line1`…
 * The name, license and address inputs take the form's register() of them (`nameField`, `licenseField`, `addressField`).
 */
export function PartyFields({
  legend,
  prefix,
  party,
  onParty,
  customerName,
  nameField,
  nameLabel,
  licenseField,
  addressField,
  errors,
  addressHint,
}: {
  legend: string;
  prefix: 'from' | 'to';
  party: CounterpartyKind;
  onParty: (party: CounterpartyKind) => void;
  customerName: string;
  nameField: UseFormRegisterReturn;
  /** The customer's side may name the recipient (ship to someone at the customer's): the label of that field. */
  nameLabel?: string;
  licenseField: UseFormRegisterReturn;
  addressField: (name: keyof AddressValues) => UseFormRegisterReturn;
  errors: FieldErrors;
  addressHint?: ReactNode;
}) {
  const licensee = party === 'licensee';
  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend={legend}
        name={prefix}
        value={party}
        options={(['customer', 'licensee'] as const).map((p) => ({ value: p, label: p === 'customer' ? `${PARTY_LABELS.customer} (${customerName})` : PARTY_LABELS.licensee }))}
        onChange={onParty}
        error={errors[prefix]}
      />
      {licensee ? (
        <div className="grid gap-4 @xl:grid-cols-2">
          <FormField label="Licensee Name" required {...nameField} error={errors[`${prefix}Name`]} autoComplete="off" />
          <FormField label="FFL Number" required {...licenseField} error={errors[`${prefix}License`]} placeholder="1-23-456-07-8A-12345" autoComplete="off" />
        </div>
      ) : nameLabel ? (
        <FormField label={nameLabel} {...nameField} error={errors[`${prefix}Name`]} placeholder={customerName} autoComplete="off" />
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{licensee ? 'Address (optional)' : 'Address'}</legend>
        {addressHint ? <p className="text-xs text-slate-600 dark:text-slate-400">{addressHint}</p> : null}
        {errors[`${prefix}Address`] ? <Alert tone="error">{errors[`${prefix}Address`]}</Alert> : null}
        <AddressFields field={addressField} errors={addressErrors(errors, `${prefix}Address`)} autoFill={false} />
      </fieldset>
    </div>
  );
}

/** The A&D book's description of a firearm (its type, manufacturer, importer, model, serial, caliber or gauge): the intake's and a correction's fields. */
export type DescriptionKey = 'firearmType' | 'firearmMake' | 'firearmImporter' | 'firearmModel' | 'serialNumber' | 'firearmCaliber';

/** `field` gives each control's props: the form's register() of it, and its message. */
export function FirearmDescriptionFields({ field }: { field: (key: DescriptionKey) => UseFormRegisterReturn & { error?: string } }) {
  return (
    <fieldset className="grid gap-4 @xl:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Firearm</legend>
      <SelectField label="Firearm Type" required {...field('firearmType')}>
        <option value="">Select the type</option>
        {FIREARM_TYPES.map((type) => (
          <option key={type} value={type}>
            {firearmTypeLabel(type)}
          </option>
        ))}
      </SelectField>
      <FormField label="Manufacturer" required {...field('firearmMake')} />
      <FormField label="Importer" hint="If imported" {...field('firearmImporter')} />
      <FormField label="Model" required {...field('firearmModel')} />
      <FormField label="Serial Number" required {...field('serialNumber')} />
      <FormField label="Caliber or Gauge" required {...field('firearmCaliber')} />
    </fieldset>
  );
}
