import { telHref } from '@gs/shared/phone';
import { useShop } from '@/lib/shop';

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5 shrink-0" aria-hidden="true">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5 shrink-0" aria-hidden="true">
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  );
}

/** Access needs credentials issued by the shop. */
export function AccessNotice({ className = '' }: { className?: string }) {
  const { phone } = useShop();
  const tel = telHref(phone);
  return (
    <aside
      aria-labelledby="access-notice-title"
      className={`flex gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100 ${className}`}
    >
      <LockIcon />
      <div>
        <h2 id="access-notice-title" className="font-semibold">
          Access Requires Shop-Issued Credentials
        </h2>
        <p className="mt-1">
          Order tracking is available only to customers with login credentials issued by our shop. To get
          access, call our access line:{' '}
          {tel ? (
            <a href={tel} className="font-semibold whitespace-nowrap underline underline-offset-2">
              {phone}
            </a>
          ) : (
            <span className="font-semibold whitespace-nowrap">{phone}</span>
          )}
          .
        </p>
      </div>
    </aside>
  );
}

/** Private-property warning. */
export function SecurityNotice({ className = '' }: { className?: string }) {
  return (
    <aside
      aria-labelledby="security-notice-title"
      className={`flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100 ${className}`}
    >
      <ShieldIcon />
      <div>
        <h2 id="security-notice-title" className="font-semibold">
          Security Notice
        </h2>
        <p className="mt-1">
          This system is private property. All access attempts are monitored and logged. Unauthorized access
          is prohibited and will be prosecuted to the fullest extent of the law.
        </p>
      </div>
    </aside>
  );
}
