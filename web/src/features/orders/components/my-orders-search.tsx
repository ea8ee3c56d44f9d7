import { SEARCH_MAX_LENGTH } from '@gs/shared/schemas/paging';
import { SearchField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';

export const MY_ORDERS_SEARCH_LABEL = 'Search your orders';
export const MY_ORDERS_SEARCH_PLACEHOLDER = 'Make, model, serial number or order number';

/**
 * The search box of My Firearm Orders: what is typed goes to GET /api/orders?search= once typing settles (the
 * route debounces it), matching the customer's own orders by make, model, serial or order number.
 */
export function MyOrdersSearch({ value, onChange, busy }: { value: string; onChange: (value: string) => void; busy: boolean }) {
  return (
    <div role="search" className="flex items-end gap-3">
      <SearchField
        label={MY_ORDERS_SEARCH_LABEL}
        className="w-full sm:max-w-md"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={MY_ORDERS_SEARCH_PLACEHOLDER}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
      />
      {busy ? <Spinner className="mb-2.5 size-5" /> : null}
    </div>
  );
}
