import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BookLine } from '@gs/shared/api-types';
import { Button, buttonClasses } from '@/components/ui/button';
import { filterControlClasses, SearchField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useSearchText } from '@/hooks/use-cursor-pages';
import { useBookCorrectionPages } from '../api/list-corrections';
import { fetchBookRange, useBookPages, type BookFilters } from '../api/list-book';
import { bookTexts, downloadBookCsv, downloadWholeBook, type BookViewMode } from '../book-lines';
import { BookLineDetail } from './book-line-detail';
import { BookTable, CorrectionsTable, InventoryTable } from './book-tables';
import { PagedList } from './paged-list';

type Tab = 'inventory' | 'book';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'inventory', label: bookTexts.inCustody },
  { id: 'book', label: bookTexts.book },
];

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={filterControlClasses}>
        {children}
      </select>
    </div>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={filterControlClasses} />
    </div>
  );
}

/**
 * The staff A&D Book page: "In Custody" (the firearms held now, the longest first, with days held) and
 * "Book" (every line, newest first, for a date range: originals and corrections, originals only, or the
 * corrections only — ATF Ruling 2016-1), searched by serial, manufacturer, model or name, 50 lines at a
 * time; a line opens its entries as recorded. Print Book and Export CSV take every line of the range; Download
 * Whole Book, from any view, every line and every correction of the book (read a bounded page at a time).
 */
export function BookPanel() {
  const [tab, setTab] = useState<Tab>('inventory');
  const [mode, setMode] = useState<BookViewMode>('both');
  const [range, setRange] = useState({ from: '', to: '', by: 'acquired' as BookFilters['by'] });
  const { searchText, setSearchText, search } = useSearchText();
  const [open, setOpen] = useState<{ orderId: string; lineNumber: number } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // WAI-ARIA tabs: the arrow keys, Home and End move between them.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const next = { ArrowRight: (index + 1) % TABS.length, ArrowLeft: (index - 1 + TABS.length) % TABS.length, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  const rangeInvalid = !!range.from && !!range.to && range.from > range.to;
  const corrections = tab === 'book' && mode === 'corrections';
  const filters: BookFilters = tab === 'inventory' ? { view: 'inventory', by: 'acquired', from: '', to: '', search } : { view: 'book', ...range, search };
  const lines = useBookPages(filters, !corrections && !rangeInvalid);
  const correctionPages = useBookCorrectionPages(corrections);
  const onOpen = (line: BookLine) => setOpen({ orderId: line.orderId, lineNumber: line.lineNumber });

  const [exportingWhole, setExportingWhole] = useState(false);
  const saving = async (busy: (on: boolean) => void, save: () => Promise<void>) => {
    busy(true);
    setExportFailed(false);
    try {
      await save();
    } catch {
      setExportFailed(true);
    } finally {
      busy(false);
    }
  };
  const exportCsv = () => saving(setExporting, async () => downloadBookCsv(await fetchBookRange(range), range));
  // No range: every line, each request a page of at most 200 (fetchBookRange), with the corrections each line carries.
  const downloadWhole = () => saving(setExportingWhole, async () => downloadWholeBook(await fetchBookRange({ from: '', to: '' })));

  const items = lines.data?.pages.flatMap((p) => p.items) ?? [];
  const entries = correctionPages.data?.pages.flatMap((p) => p.items) ?? [];
  const empty = search || (tab === 'book' && (range.from || range.to)) ? bookTexts.noMatch : tab === 'inventory' ? bookTexts.emptyInventory : bookTexts.emptyBook;

  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-2 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <p className="text-sm text-slate-700 dark:text-slate-300">{bookTexts.downloadWholeNote}</p>
        <Button variant="secondary" className="shrink-0 self-start sm:self-auto" onClick={() => void downloadWhole()} disabled={exportingWhole} aria-busy={exportingWhole}>
          {exportingWhole ? bookTexts.downloadingWhole : bookTexts.downloadWhole}
        </Button>
      </div>
      <div role="tablist" aria-label="A&D book views" onKeyDown={onTabKey} className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 dark:border-slate-800">
        {TABS.map((t, i) => {
          const selected = t.id === tab;
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(t.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-medium whitespace-nowrap ${
                selected
                  ? 'border-slate-900 text-slate-900 dark:border-amber-400 dark:text-amber-300'
                  : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`} className="min-w-0">
        <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] lg:items-end">
            {corrections ? null : (
              <SearchField label={bookTexts.searchLabel} placeholder={bookTexts.searchPlaceholder} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            )}
            {tab === 'book' ? (
              <>
                <Select label="View" value={mode} onChange={(v) => setMode(v as BookViewMode)}>
                  <option value="both">{bookTexts.views.both}</option>
                  <option value="originals">{bookTexts.views.originals}</option>
                  <option value="corrections">{bookTexts.views.corrections}</option>
                </Select>
                {corrections ? null : (
                  <>
                    <Select label="Dates" value={range.by} onChange={(v) => setRange((r) => ({ ...r, by: v as BookFilters['by'] }))}>
                      <option value="acquired">Date of receipt</option>
                      <option value="disposed">Date of disposition</option>
                    </Select>
                    <DateInput label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
                    <DateInput label="To" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />
                  </>
                )}
              </>
            ) : null}
          </div>
          {rangeInvalid ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {bookTexts.rangeInvalid}
            </p>
          ) : null}
          {tab === 'book' && !corrections ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700 dark:text-slate-300">{bookTexts.rangeNote}</p>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Link
                  to={paths.admin.bookPrint.getHref({ from: range.from, to: range.to })}
                  aria-disabled={rangeInvalid || undefined}
                  onClick={(e) => rangeInvalid && e.preventDefault()}
                  className={buttonClasses('secondary')}
                >
                  {bookTexts.printBook}
                </Link>
                <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting || rangeInvalid} aria-busy={exporting}>
                  {exporting ? bookTexts.exporting : bookTexts.exportCsv}
                </Button>
              </div>
            </div>
          ) : null}
          {exportFailed ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {bookTexts.exportFailed}
            </p>
          ) : null}
        </div>
        {rangeInvalid && !corrections ? null : corrections ? (
          <PagedList pages={correctionPages} count={entries.length} empty={bookTexts.noCorrections}>
            <CorrectionsTable entries={entries} onOpen={(orderId, lineNumber) => setOpen({ orderId, lineNumber })} />
          </PagedList>
        ) : (
          <PagedList pages={lines} count={items.length} empty={empty}>
            {tab === 'inventory' ? <InventoryTable lines={items} onOpen={onOpen} /> : <BookTable lines={items} originals={mode === 'originals'} onOpen={onOpen} />}
          </PagedList>
        )}
      </div>
      <BookLineDetail line={open} onClose={() => setOpen(null)} />
    </div>
  );
}
