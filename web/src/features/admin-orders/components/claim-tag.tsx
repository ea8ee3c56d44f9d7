import { useEffect, useState, type ReactNode } from 'react';
import { claimTagTexts as t } from '@gs/shared/claim-tag';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDay } from './firearm-shared';
import type { AdminOrder } from '../types';
// On paper the tag is all there is (print-sheet.css), on its own 4 × 2 in page (claim-tag.css).
import '@/styles/print-sheet.css';
import './claim-tag.css';

/**
 * The order number as a Code 128 barcode, drawn as SVG in the browser by bwip-js, loaded only here (a chunk of
 * this page). The SVG's own size attributes are dropped so the label's stylesheet sizes it: a 1D code keeps
 * reading when stretched, as its bars keep their proportions across the width.
 */
export async function code128Svg(text: string): Promise<string> {
  const { code128, drawingSVG } = await import('bwip-js/generic');
  const svg = code128({ bcid: 'code128', text, scale: 2, height: 12, includetext: false, paddingwidth: 10 }, drawingSVG());
  return svg.replace(/<svg\b([^>]*?)\swidth="[^"]*"\sheight="[^"]*"/, '<svg$1').replace('<svg ', '<svg preserveAspectRatio="none" role="img" aria-label="Barcode" ');
}

function Barcode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    code128Svg(value).then(
      (s) => live && setSvg(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return <p className="text-xs">{t.barcodeFailed}</p>;
  // The SVG is bwip-js's own drawing of the order number (no text of the order's goes into it but the number).
  return svg ? <div className="claim-tag-barcode" data-testid="claim-tag-barcode" data-value={value} dangerouslySetInnerHTML={{ __html: svg }} /> : <div className="claim-tag-barcode" />;
}

/** The claim tag of an order: its number, the serial, the customer, the date received (the intake's), the barcode. */
export function ClaimTag({ order }: { order: AdminOrder }) {
  return (
    <article className="claim-tag" aria-label={`${t.title} ${order.orderNumber}`} data-testid="claim-tag">
      <p className="claim-tag-number">{order.orderNumber}</p>
      <dl className="claim-tag-fields">
        <dt>Serial</dt>
        <dd>{order.serialNumber}</dd>
        <dt>Customer</dt>
        <dd>{order.customerName}</dd>
        <dt>Received</dt>
        <dd>{order.intake ? formatDay(order.intake.receivedOn) : t.notReceived}</dd>
      </dl>
      <Barcode value={order.orderNumber} />
    </article>
  );
}

/** The tag's page: a Print button and the tag as it prints; the print dialog opens once the barcode is drawn. */
export function ClaimTagSheet({ order, back }: { order: AdminOrder; back: ReactNode }) {
  return (
    <div data-print="sheet" className="claim-tag-sheet mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <Button onClick={() => window.print()}>{t.printButton}</Button>
      </div>
      <h1 data-print="hide" className="text-3xl font-bold tracking-tight">
        {t.title} {order.orderNumber}
      </h1>
      <p data-print="hide" className="text-sm text-slate-700 dark:text-slate-300">
        {t.labelSize}
      </p>
      {!order.intake ? (
        <div data-print="hide">
          <Alert tone="warning">{t.notReceived}: the tag prints without a date received.</Alert>
        </div>
      ) : null}
      <ClaimTag order={order} />
    </div>
  );
}
