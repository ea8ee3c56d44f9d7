import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RECIPIENT_ID_TYPES, RECIPIENT_ID_TYPE_LABELS, releaseCheckMessages as rc } from '@gs/shared/release-checks';
import { SelectField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/field-errors';
import { ChoiceGroup } from './firearm-shared';

export type DelivererAnswer = '' | 'yes' | 'no';

const DELIVERER_OPTIONS: ReadonlyArray<{ value: DelivererAnswer; label: string }> = [
  { value: 'yes', label: 'Yes, the person who delivered it' },
  { value: 'no', label: 'No, someone else' },
];

/** A checkbox with its label (and an optional line under it), registered with the form. */
export function CheckField({ label, detail, field, error }: { label: string; detail?: string; field: UseFormRegisterReturn; error?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" {...field} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="mt-0.5 size-4 shrink-0 accent-slate-900 dark:accent-amber-400" />
      <label htmlFor={id}>
        {label}
        {detail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{detail}</span> : null}
        {error ? (
          <span id={`${id}-error`} className="block text-sm text-red-700 dark:text-red-300">
            {error}
          </span>
        ) : null}
      </label>
    </div>
  );
}

/** How the person taking the firearm at the counter was identified: the ID's type, who issued it, its last 4 characters. */
export function RecipientIdFields({ field, errors }: { field: (key: 'idType' | 'idIssuer' | 'idLast4') => UseFormRegisterReturn; errors: FieldErrors }) {
  return (
    <fieldset className="@container space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">ID Shown at Pickup</legend>
      <div className="grid gap-4 @xl:grid-cols-3">
        <SelectField label="ID Type" required {...field('idType')} error={errors.idType}>
          <option value="">Select the ID</option>
          {RECIPIENT_ID_TYPES.map((t) => (
            <option key={t} value={t}>
              {RECIPIENT_ID_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <FormField label="Issued By" required placeholder="State or country" {...field('idIssuer')} error={errors.idIssuer} autoComplete="off" />
        <FormField label="Last 4 of ID Number" required maxLength={4} hint="Never the full number" {...field('idLast4')} error={errors.idLast4} autoComplete="off" />
      </div>
    </fieldset>
  );
}

/**
 * Whether the recipient is the person who delivered the firearm; when not, says so plainly and asks for the receiving
 * licensee's FFL number or the Form 4473 reference (the server refuses the release without one of them) and the name.
 */
export function DelivererFields({
  answer,
  onAnswer,
  deliverer,
  field,
  errors,
}: {
  answer: DelivererAnswer;
  onAnswer: (a: DelivererAnswer) => void;
  deliverer: string;
  field: (key: 'toName' | 'toLicense' | 'form4473Ref') => UseFormRegisterReturn;
  errors: FieldErrors;
}) {
  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend={`Is the recipient the person who delivered this firearm (${deliverer})?`}
        name="recipientIsDeliverer"
        value={answer}
        options={DELIVERER_OPTIONS}
        onChange={onAnswer}
        error={errors.recipientIsDeliverer}
      />
      {answer === 'no' ? (
        <div className="@container space-y-3" data-testid="transfer-fields">
          <Alert tone="warning">{rc.notDeliverer}</Alert>
          <FormField label="Recipient Name" required {...field('toName')} error={errors.toName} autoComplete="off" />
          <div className="grid gap-4 @xl:grid-cols-2">
            <FormField label="Receiving Licensee's FFL Number" placeholder="1-23-456-07-8A-12345" {...field('toLicense')} error={errors.toLicense} autoComplete="off" />
            <FormField label="Form 4473 Reference" hint="Serial or transaction number" {...field('form4473Ref')} error={errors.form4473Ref} autoComplete="off" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The PO Box warning of a ship-to address: carriers may not deliver a firearm there; a checkbox confirms it (a warning, not a refusal). */
export function PoBoxWarning({ confirm, error }: { confirm?: UseFormRegisterReturn; error?: string }) {
  return (
    <div className="space-y-2" data-testid="po-box-warning">
      <Alert tone="warning">{rc.poBoxWarning}</Alert>
      {confirm ? <CheckField label={rc.poBoxConfirm} field={confirm} error={error} /> : null}
    </div>
  );
}
