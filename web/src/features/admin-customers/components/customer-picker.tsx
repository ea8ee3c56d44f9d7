import { useEffect, useId, useState } from 'react';
import type { CustomerRow } from '@gs/shared/api-types';
import { formatPhone } from '@gs/shared/phone';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerMatches } from '../api/list-customers';
import { customerName } from '../customer-name';

/** Matches the picker asks the server for: the newest first; typing more narrows them. */
export const PICKER_MATCHES = 10;

export interface CustomerPickerProps {
  selected: CustomerRow | null;
  onSelect: (customer: CustomerRow | null) => void;
  error?: string;
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Search by name, email or phone; after a choice the customer shows with a Change action. The server
 * searches as the person types (debounced): one bounded page of matches, never the whole list.
 */
export function CustomerPicker({ selected, onSelect, error }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const customers = useCustomerMatches(term, { limit: PICKER_MATCHES, enabled: !selected && term.length > 0 });
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
              {selected.phone ? ` · ${formatPhone(selected.phone)}` : ''}
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
          ) : items.length === 0 && !customers.data?.cursor ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No customers found</p>
          ) : items.length === 0 ? (
            <p className="p-3 text-sm text-slate-600 dark:text-slate-400">No match among the newest customers. Type more of the name, or the email or phone.</p>
          ) : (
            <>
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
                        {c.phone ? ` · ${formatPhone(c.phone)}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {customers.data?.cursor ? (
                <p className="border-t border-slate-200 p-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
                  Showing the newest {items.length} matches. Type more to narrow the search.
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
