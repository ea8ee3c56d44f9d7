import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * "← Back" of the payment pages: to the page the customer came from when the app has one in its
 * history, else to `fallback`. The first page of a visit (a typed URL, a link from an email, the
 * provider's return) has the location key "default": there is nothing of ours to go back to.
 */
export function BackLink({ fallback, label = 'Back' }: { fallback: string; label?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasHistory = location.key !== 'default';

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the link's own target.
    if (!hasHistory || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(-1);
  };

  return (
    <Link
      to={fallback}
      onClick={onClick}
      data-print="hide"
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white"
    >
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
