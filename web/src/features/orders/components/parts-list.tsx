import { formatCents } from '@gs/shared/money';
import type { Part } from '../types';

export function PartsList({ parts }: { parts: Part[] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="text-base font-semibold">Parts</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {parts.map((part) => (
          <li key={part.id} className="flex justify-between gap-4 py-2">
            <span>
              <span className="font-medium">{part.partName}</span>
              {part.quantity > 1 ? <span className="text-slate-600 dark:text-slate-400"> × {part.quantity}</span> : null}
              {part.partDescription ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">{part.partDescription}</span>
              ) : null}
            </span>
            <span className="font-medium">{formatCents(part.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
