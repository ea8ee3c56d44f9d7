import type { ReactNode } from 'react';
import { PageTitle } from '@/components/seo/page-title';
import { ToastProvider } from '@/components/ui/toast';

/** Frame of every admin page: the document title, the page width and the toast region. */
export function AdminPage({ title, heading, subtitle, children }: { title: string; heading?: ReactNode; subtitle?: string; children: ReactNode }) {
  return (
    <ToastProvider>
      <PageTitle title={title} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        {heading === undefined ? (
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            {subtitle ? <p className="mt-1 text-slate-700 dark:text-slate-300">{subtitle}</p> : null}
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </ToastProvider>
  );
}
