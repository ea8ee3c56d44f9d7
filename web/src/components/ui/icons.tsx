// Line icons (24 × 24, the text colour), hidden from screen readers: the control they sit in is named.

const lineIcon = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

/** Refresh; `spinning` while a refresh is under way. */
export function RefreshIcon({ spinning = false }: { spinning?: boolean }) {
  return (
    <svg {...lineIcon} className={spinning ? 'size-4 animate-spin' : 'size-4'}>
      <path d="M21 12a9 9 0 1 1-2.64-6.36L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...lineIcon} className="size-4">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </svg>
  );
}
