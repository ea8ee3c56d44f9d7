import type { Role } from '@gs/shared/api-types';
import { formatPhone } from '@gs/shared/phone';

export interface CustomerInfo {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  phone?: string | null;
  role?: Role | null;
}

/** Full name, else the part of the email before the @. */
export function displayName({ firstName, lastName, email }: CustomerInfo): string {
  const fullName = [firstName, lastName].map((part) => part?.trim()).filter(Boolean).join(' ');
  return fullName || email.split('@')[0] || email;
}

export function CustomerInfoCard({ info }: { info: CustomerInfo }) {
  const role = info.role ?? 'customer';
  return (
    <section
      aria-labelledby="customer-info-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="customer-info-heading" className="text-lg font-semibold">
          Customer Information
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ${
            role === 'admin'
              ? 'bg-purple-100 text-purple-900 dark:bg-purple-900/60 dark:text-purple-100'
              : 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100'
          }`}
        >
          {role}
        </span>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Name</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{displayName(info)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Email</dt>
          <dd className="font-medium break-all">{info.email}</dd>
        </div>
        {info.phone ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Phone</dt>
            <dd className="font-medium">{formatPhone(info.phone)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
