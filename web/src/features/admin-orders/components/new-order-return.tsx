import type { UseFormRegisterReturn } from 'react-hook-form';
import { addressLines, type Address } from '@gs/shared/address';
import type { ReleaseMethod } from '@gs/shared/api-types';
import { isPoBoxAddress } from '@gs/shared/release-checks';
import { AddressFields, type AddressValues } from '@/components/form/address-fields';
import type { FieldErrors } from '@/lib/field-errors';
import { ChoiceGroup, addressErrors } from './firearm-shared';
import { PoBoxWarning } from './release-checks-fields';
import { RETURN_OPTIONS } from './return-section';

export type ReturnAddressChoice = 'mailing' | 'other';

const ADDRESS_CHOICES: ReadonlyArray<{ value: ReturnAddressChoice; label: string }> = [
  { value: 'mailing', label: "The customer's mailing address" },
  { value: 'other', label: 'Another address' },
];

export const NO_MAILING_ADDRESS = 'This customer has no mailing address on file: enter the return address here, or add it to the order later.';

/**
 * New Order's return: ship back (to the customer's mailing address, or another typed here) or pick up in person.
 * A PO Box warns (carriers may not deliver a firearm there); it does not refuse.
 */
export function NewOrderReturnFields({
  method,
  onMethod,
  choice,
  onChoice,
  mailing,
  typed,
  field,
  errors,
}: {
  method: ReleaseMethod;
  onMethod: (m: ReleaseMethod) => void;
  choice: ReturnAddressChoice;
  onChoice: (c: ReturnAddressChoice) => void;
  /** The chosen customer's mailing address (null: none on file, or no customer chosen yet). */
  mailing: Address | null;
  typed: AddressValues;
  field: (name: keyof AddressValues) => UseFormRegisterReturn;
  errors: FieldErrors;
}) {
  const other = choice === 'other' || !mailing;
  const poBox = method === 'ship' && isPoBoxAddress(other ? typed : mailing);
  const lines = addressLines(mailing);
  return (
    <fieldset className="@container space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Return</legend>
      <ChoiceGroup legend="Return Method" name="new-return" value={method} options={RETURN_OPTIONS} onChange={onMethod} error={errors.returnMethod} />
      {method === 'ship' ? (
        <div className="space-y-3">
          {mailing ? (
            <ChoiceGroup legend="Ship To" name="new-return-address" value={choice} options={ADDRESS_CHOICES} onChange={onChoice} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{NO_MAILING_ADDRESS}</p>
          )}
          {other ? (
            <AddressFields field={field} errors={addressErrors(errors, 'returnAddress')} autoFill={false} />
          ) : (
            <address className="text-sm text-slate-700 not-italic [overflow-wrap:anywhere] dark:text-slate-300" data-testid="new-order-return-address">
              {lines.map((l) => (
                <span key={l} className="block">
                  {l}
                </span>
              ))}
            </address>
          )}
          {poBox ? <PoBoxWarning /> : null}
        </div>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">Shipping it back adds the return shipping to the invoice; a pickup does not.</p>
    </fieldset>
  );
}
