import type { BookLine, BookLineColumns } from '@gs/shared/api-types';
import { bookCsv, bookToday, dispositionCheckCells, partyCell, wholeBookCsv, type BookCsvRow } from '@gs/shared/book';
import { formatDate } from '@gs/shared/dates';
import { missingTexts } from './missing-texts';

/** The texts of the A&D Book page, in one place (the tests read them from here). */
export const bookTexts = {
  title: 'A&D Book',
  subtitle: 'Firearms acquired and disposed of (27 CFR 478.125(e)): in custody now, the book and its corrections',
  inCustody: 'In Custody',
  book: 'Book',
  loading: 'Loading the A&D book...',
  loadFailed: 'Unable to load the A&D book. Please try again.',
  loadMoreFailed: 'Could not load more entries. Please try again.',
  emptyInventory: 'No firearms in custody.',
  emptyBook: 'No entries in the book yet.',
  noMatch: 'No entries match your search.',
  noCorrections: 'No corrections.',
  searchLabel: 'Search',
  searchPlaceholder: 'Serial, manufacturer, model or name',
  rangeInvalid: 'The start date must not be after the end date.',
  views: {
    both: 'Originals and corrections',
    originals: 'Originals only',
    corrections: 'Corrections only',
  },
  printBook: 'Print Book',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Could not export the book. Please try again.',
  rangeNote: 'Print and export hold every firearm received or disposed of in the date range (the whole book without one).',
  corrected: 'Corrected',
  detailTitle: (lineNumber: number) => `Book Entry ${lineNumber}`,
  detailFailed: 'Unable to load the entries of this line. Please try again.',
  downloadWhole: 'Download Whole Book',
  downloadingWhole: 'Downloading...',
  downloadWholeNote: 'Every line of the book and every correction, as CSV.',
  ...missingTexts,
} as const;

export type BookViewMode = 'both' | 'originals' | 'corrections';

/** A date of the book (YYYY-MM-DD) as the pages show dates; '' stays ''. */
export const bookDate = (day: string) => (day ? formatDate(`${day}T12:00:00.000Z`) : '');

/** What the book shows of the receipt's or the disposition's other side: the address, or "FFL" and the license. */
export const fromCell = (c: BookLineColumns) => partyCell({ license: c.fromLicense, address: c.fromAddress });
export const toCell = (c: BookLineColumns) => partyCell({ license: c.toLicense, address: c.toAddress });

/** The columns a correction changed on the line (current differs from original). */
export function correctedColumns(line: BookLine): Set<keyof BookLineColumns> {
  const changed = new Set<keyof BookLineColumns>();
  for (const k of Object.keys(line.current) as Array<keyof BookLineColumns>) if (line.current[k] !== line.original[k]) changed.add(k);
  return changed;
}

/** A line as a row of the CSV and the printed book: its current columns (as corrected), flagged when corrected. */
export function bookRow(line: BookLine): BookCsvRow {
  const c = line.current;
  return {
    lineNumber: line.lineNumber,
    manufacturer: c.manufacturer,
    importer: c.importer,
    model: c.model,
    serialNumber: c.serialNumber,
    firearmType: c.firearmType,
    caliber: c.caliber,
    acquiredOn: c.acquiredOn,
    fromName: c.fromName,
    fromAddressOrLicense: fromCell(c),
    disposedOn: c.disposedOn,
    toName: c.toName,
    toAddressOrLicense: toCell(c),
    ...dispositionCheckCells(c),
    orderNumber: line.orderNumber,
    corrected: line.corrections.length > 0,
  };
}

/** ad-book-2026-01-01-to-2026-12-31.csv; an open end is today, no range at all the whole book as of today. */
export function bookFileName({ from, to }: { from: string; to: string }, today = bookToday()): string {
  if (!from && !to) return `ad-book-all-${today}.csv`;
  if (!from) return `ad-book-through-${to}.csv`;
  return `ad-book-${from}-to-${to || today}.csv`;
}

/** The whole book's file: ad-book-whole-2026-11-28.csv (as of today). */
export const wholeBookFileName = (today = bookToday()) => `ad-book-whole-${today}.csv`;

/** Saves the lines as the CSV of the book (bookCsv: the ATF columns). */
export function downloadBookCsv(lines: readonly BookLine[], range: { from: string; to: string }) {
  saveCsv(bookCsv(lines.map(bookRow)), bookFileName(range));
}

/** Saves every line and every correction of the book (wholeBookCsv: the ATF columns, then each line's corrections). */
export function downloadWholeBook(lines: readonly BookLine[]) {
  saveCsv(wholeBookCsv(lines.map((line) => ({ ...bookRow(line), corrections: line.corrections }))), wholeBookFileName());
}

function saveCsv(text: string, fileName: string) {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled (a revoke in the same task can cancel the download).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
