import { CARRIER_NAMES, trackingLink } from '@gs/shared/tracking';

/**
 * A tracking number linked to its carrier's tracking page (shared/src/tracking.ts: a UPS "1Z…" number
 * goes to UPS, never to USPS); a number of no known carrier is shown as it is, without a link.
 */
export function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  const link = trackingLink(trackingNumber);
  if (!link) return <span className="font-mono break-all">{trackingNumber}</span>;
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono break-all text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-amber-300 dark:hover:text-amber-200"
    >
      {trackingNumber}
      <span className="sr-only"> (opens {CARRIER_NAMES[link.carrier]} tracking in a new tab)</span>
    </a>
  );
}
