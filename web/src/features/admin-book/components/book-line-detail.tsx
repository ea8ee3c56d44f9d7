import type { BookEntry } from '@gs/shared/api-types';
import { firearmTypeLabel, identificationCell, yesNoCell } from '@gs/shared/book';
import { formatDateTime } from '@gs/shared/dates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useBookLine } from '../api/get-book-line';
import { bookDate, bookTexts } from '../book-lines';
import { ChangeList } from './book-tables';

const KIND_TITLE: Record<BookEntry['kind'], string> = { acquisition: 'Acquisition', disposition: 'Disposition', correction: 'Correction' };

const PARTY: Record<string, string> = { customer: 'The customer', licensee: 'A licensee' };
const METHOD: Record<string, string> = { ship: 'Shipped', pickup: 'Picked up' };

/** An entry's own columns, in the book's words. */
function entryRows(e: BookEntry): Array<[string, string]> {
  const c = e.columns;
  const rows: Array<[string, string | undefined]> = [
    [e.kind === 'disposition' ? 'Date of disposition' : 'Date of receipt', c.date ? bookDate(c.date) : undefined],
    [e.kind === 'disposition' ? 'Disposed to' : 'Received from', c.party ? PARTY[c.party] ?? c.party : undefined],
    ['Name', c.name],
    ['FFL number', c.license],
    ['Address', c.address],
    ['Type', c.firearmType ? firearmTypeLabel(c.firearmType) : undefined],
    ['Manufacturer', c.manufacturer],
    ['Importer', c.importer],
    ['Model', c.model],
    ['Serial number', c.serialNumber],
    ['Caliber or gauge', c.caliber],
    ['How', c.method ? METHOD[c.method] ?? c.method : undefined],
    ['Carrier', c.carrier],
    ['Tracking number', c.trackingNumber],
    ['ID shown', identificationCell({ toIdType: c.idType, toIdIssuer: c.idIssuer, toIdLast4: c.idLast4 }) || undefined],
    ['Same person who delivered', yesNoCell(c.isDeliverer) || undefined],
    ['Form 4473', c.form4473Ref],
    ['Adult signature', yesNoCell(c.adultSignature) || undefined],
  ];
  return rows.filter((r): r is [string, string] => !!r[1]);
}

function EntryItem({ entry }: { entry: BookEntry }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-entry-kind={entry.kind}>
      <h3 className="font-semibold">
        {KIND_TITLE[entry.kind]}
        {entry.kind === 'correction' && entry.correctsKind ? <span className="font-normal"> of the {entry.correctsKind}</span> : null}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Recorded {formatDateTime(entry.recordedAt)} by {entry.recordedBy}
      </p>
      {entry.kind === 'correction' ? (
        <div className="mt-2 space-y-1 text-sm">
          <p className="[overflow-wrap:anywhere]">Reason: {entry.reason}</p>
          <ChangeList changes={entry.changes} />
        </div>
      ) : (
        <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-0.5 text-sm">
          {entryRows(entry).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** A line's entries as recorded (the acquisition, the disposition, each correction), who recorded each and when. */
export function BookLineDetail({ line, onClose }: { line: { orderId: string; lineNumber: number } | null; onClose: () => void }) {
  const detail = useBookLine(line?.orderId ?? null);
  return (
    <Modal open={!!line} onClose={onClose} title={line ? bookTexts.detailTitle(line.lineNumber) : ''} size="lg" footer={<Button variant="secondary" onClick={onClose}>Close</Button>}>
      {detail.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Spinner className="size-5" /> {bookTexts.loading}
        </p>
      ) : detail.isError ? (
        <Alert tone="error">
          <p>{bookTexts.detailFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void detail.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Order <span className="font-mono">{detail.data.line.orderNumber}</span> · {detail.data.line.open ? `In custody, ${detail.data.line.daysHeld} ${detail.data.line.daysHeld === 1 ? 'day' : 'days'} held` : `Held ${detail.data.line.daysHeld} ${detail.data.line.daysHeld === 1 ? 'day' : 'days'}`}
          </p>
          <ol aria-label="Entries" className="space-y-3">
            {detail.data.entries.map((e) => (
              <EntryItem key={e.entryId} entry={e} />
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
