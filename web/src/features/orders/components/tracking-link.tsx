// Return and inbound parcels travel by USPS; its public tracking page takes the number as tLabels.
const USPS_TRACKING_URL = 'https://tools.usps.com/go/TrackConfirmAction';

export const trackingUrl = (trackingNumber: string) =>
  `${USPS_TRACKING_URL}?tLabels=${encodeURIComponent(trackingNumber)}`;

export function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  return (
    <a
      href={trackingUrl(trackingNumber)}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono break-all text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-amber-300 dark:hover:text-amber-200"
    >
      {trackingNumber}
      <span className="sr-only"> (opens USPS tracking in a new tab)</span>
    </a>
  );
}
