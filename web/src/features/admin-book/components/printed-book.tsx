import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BookLine } from '@gs/shared/api-types';
import { BOOK_COLUMNS, bookToday, firearmTypeLabel, type BookCsvRow } from '@gs/shared/book';
import type { ShopIdentity } from '@gs/shared/shop';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useShop } from '@/lib/shop';
import { useBookRange, type BookRange } from '../api/list-book';
import { bookDate, bookRow, bookTexts } from '../book-lines';
// On paper the sheet is all there is (print-sheet.css), landscape, the heads repeated on every page
// (book-print.css): stylesheets, as the production Content-Security-Policy allows no inline style.
import '@/styles/print-sheet.css';
import './book-print.css';

/** The ATF layout's column groups over BOOK_COLUMNS: the firearm's description, its receipt, its disposition. */
export const BOOK_COLUMN_GROUPS: ReadonlyArray<{ label: string; span: number }> = [
  { label: '', span: 1 },
  { label: 'Description of Firearm', span: 6 },
  { label: 'Receipt', span: 3 },
  { label: 'Disposition', span: 7 },
  { label: '', span: 2 },
];

export const printTexts = {
  title: 'Firearms Acquisition and Disposition Record',
  noFfl: 'The shop\u2019s FFL number is not set: add it in Settings \u2192 General so it prints at the top of the book.',
  empty: 'No entries in this range.',
  loading: 'Preparing the book...',
  loadFailed: 'Unable to load the book for printing. Please try again.',
  print: 'Print',
} as const;

export const rangeText = ({ from, to }: BookRange) =>
  !from && !to ? `The whole book as of ${bookDate(bookToday())}` : `Entries from ${from ? bookDate(from) : 'the first'} to ${to ? bookDate(to) : bookDate(bookToday())}`;

const cellText = (row: BookCsvRow, key: (typeof BOOK_COLUMNS)[number]['key']): string => {
  if (key === 'corrected') return row.corrected ? 'Yes' : '';
  if (key === 'firearmType') return firearmTypeLabel(row.firearmType) || row.firearmType;
  if (key === 'acquiredOn' || key === 'disposedOn') return row[key];
  return String(row[key]);
};

/** The printed book: the shop and its FFL number, then the lines in the ATF column layout (BOOK_COLUMNS). */
export function BookSheet({ lines, shop, range }: { lines: readonly BookLine[]; shop: ShopIdentity; range: BookRange }) {
  const rows = lines.map(bookRow);
  return (
    <table className="ad-book-table w-full border-collapse text-xs" aria-label="A&D book">
      {/* The columns' widths (book-print.css): fixed, so a long word wraps in its own column. */}
      <colgroup>
        {BOOK_COLUMNS.map((c) => (
          <col key={c.key} className={`ad-col-${c.key}`} />
        ))}
      </colgroup>
      <thead>
        <tr className="ad-book-banner">
          <th colSpan={BOOK_COLUMNS.length} scope="colgroup" className="pb-2 text-left font-normal">
            <span className="ad-book-shop block text-base font-bold">{shop.name}</span>
            <span className="block text-sm font-semibold">FFL No. {shop.fflNumber || '—'}</span>
            <span className="block text-sm">
              {printTexts.title} · {rangeText(range)}
            </span>
          </th>
        </tr>
        <tr className="ad-book-groups">
          {BOOK_COLUMN_GROUPS.map((g, i) =>
            g.label ? (
              <th key={i} colSpan={g.span} scope="colgroup" className="border border-slate-400 px-1 py-0.5 text-center font-semibold uppercase dark:border-slate-600">
                {g.label}
              </th>
            ) : (
              <td key={i} colSpan={g.span} className="border border-slate-400 dark:border-slate-600" />
            ),
          )}
        </tr>
        <tr>
          {BOOK_COLUMNS.map((c) => (
            <th key={c.key} scope="col" className="border border-slate-400 px-1 py-0.5 text-left align-bottom font-semibold dark:border-slate-600">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={BOOK_COLUMNS.length} className="border border-slate-400 px-1 py-2 text-center dark:border-slate-600">
              {printTexts.empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.lineNumber}>
              {BOOK_COLUMNS.map((c) => (
                <td key={c.key} className="border border-slate-400 px-1 py-0.5 align-top whitespace-pre-line [overflow-wrap:anywhere] dark:border-slate-600">
                  {cellText(row, c.key)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * The print view of the A&D book for a range (/admin/book/print?from=&to=): every page of the range is read
 * (200 lines a request) before the sheet shows, then the browser's print dialog opens once.
 */
export function PrintedBook({ range, back }: { range: BookRange; back: ReactNode }) {
  const shop = useShop();
  const lines = useBookRange(range);
  const printed = useRef(false);

  useEffect(() => {
    if (!lines.isSuccess || printed.current) return;
    printed.current = true;
    // After the sheet is painted.
    const frame = requestAnimationFrame(() => window.print());
    return () => cancelAnimationFrame(frame);
  }, [lines.isSuccess]);

  return (
    <div data-print="sheet" className="ad-book-sheet space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <Button onClick={() => window.print()} disabled={!lines.isSuccess}>
          {printTexts.print}
        </Button>
      </div>
      <h1 data-print="hide" className="text-3xl font-bold tracking-tight">
        {bookTexts.printBook}
      </h1>
      {!shop.fflNumber ? (
        <div data-print="hide">
          <Alert tone="warning">
            {printTexts.noFfl}{' '}
            <Link to={paths.admin.settings.getHref()} className="font-medium underline">
              Settings
            </Link>
          </Alert>
        </div>
      ) : null}
      {lines.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Spinner className="size-5" /> {printTexts.loading}
        </p>
      ) : lines.isError ? (
        <Alert tone="error">
          <p>{printTexts.loadFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void lines.refetch()} data-print="hide">
            Try Again
          </Button>
        </Alert>
      ) : (
        <div role="region" aria-label="Printed book" tabIndex={0} className="ad-book-scroll relative overflow-x-auto">
          <BookSheet lines={lines.data} shop={shop} range={range} />
        </div>
      )}
    </div>
  );
}
