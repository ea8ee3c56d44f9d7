import { useId } from 'react';
import { SHIPPING_FEE_CENTS } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';

/** The return-shipping checkbox of the payment pages (checked by default; unchecked for pickup). */
export function ShippingChoice({
  checked,
  onChange,
  disabled,
  label = `Include return shipping fee (${formatCents(SHIPPING_FEE_CENTS)})`,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="mt-3 flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-slate-900 dark:accent-amber-400"
      />
      <label htmlFor={id}>
        {label}
        <span className="block text-xs text-slate-600 dark:text-slate-400">Uncheck for local or in-store pickup.</span>
      </label>
    </div>
  );
}
