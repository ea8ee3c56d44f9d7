export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <svg
      className={`animate-spin text-slate-600 dark:text-slate-300 ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** Full-area loading state; announced to screen readers as "Loading". */
export function PageSpinner() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-10" />
    </div>
  );
}
