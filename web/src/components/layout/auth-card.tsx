import type { ReactNode } from 'react';

export function AuthCard({
  headingId,
  title,
  subtitle,
  children,
}: {
  headingId: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      {subtitle ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
