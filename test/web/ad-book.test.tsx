import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookEntry, BookLine, BookLineColumns, BookLineDetail } from '@gs/shared/api-types';
import { BOOK_COLUMNS } from '@gs/shared/book';
import { bookFileName, bookTexts } from '@/features/admin-book/book-lines';
import { stubAdminApi, type RouteHandler } from './api-stub';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const cols = (over: Partial<BookLineColumns> = {}): BookLineColumns => ({
  acquiredOn: '2026-11-02',
  from: 'customer',
  fromName: 'Casey Customer',
  fromLicense: '',
  fromAddress: '12 Main St, Springfield, IL 62701',
  firearmType: 'shotgun',
  manufacturer: 'Remington',
  importer: '',
  model: '870 Express',
  serialNumber: 'RS81239U',
  caliber: '12 ga',
  disposedOn: '',
  to: '',
  toName: '',
  toLicense: '',
  toAddress: '',
  method: '',
  carrier: '',
  trackingNumber: '',
  toIdType: '',
  toIdIssuer: '',
  toIdLast4: '',
  toIsDeliverer: '',
  form4473Ref: '',
  adultSignature: '',
  ...over,
});

const orderId = (n: number) => `aaaabbbb-1111-4222-8333-${String(n).padStart(12, '0')}`;

/** Entry 1: corrected (serial RS81239 → RS81239U); entry 2: released to a licensee. */
const corrected: BookLine = {
  orderId: orderId(1),
  orderNumber: 'GS-000001',
  lineNumber: 1,
  open: true,
  daysHeld: 25,
  current: cols(),
  original: cols({ serialNumber: 'RS81239' }),
  corrections: [
    { entryId: 'e3', corrects: 'acquisition', recordedAt: '2026-11-20T15:30:00.000Z', recordedBy: 'Alex Admin', reason: 'Serial misread at intake', changes: [{ field: 'Serial number', before: 'RS81239', after: 'RS81239U' }] },
  ],
};
const released: BookLine = {
  orderId: orderId(2),
  orderNumber: 'GS-000002',
  lineNumber: 2,
  open: false,
  daysHeld: 1,
  current: cols({ manufacturer: 'Glock', model: '19', serialNumber: 'BXYZ123', firearmType: 'pistol', caliber: '9mm', acquiredOn: '2026-11-10', disposedOn: '2026-11-11', to: 'licensee', toName: 'Range Guns LLC', toLicense: '9-87-654-32-1B-54321', method: 'ship' }),
  original: cols({ manufacturer: 'Glock', model: '19', serialNumber: 'BXYZ123', firearmType: 'pistol', caliber: '9mm', acquiredOn: '2026-11-10', disposedOn: '2026-11-11', to: 'licensee', toName: 'Range Guns LLC', toLicense: '9-87-654-32-1B-54321', method: 'ship' }),
  corrections: [],
};

const correctionEntry: BookEntry = {
  entryId: 'e3',
  orderId: orderId(1),
  lineNumber: 1,
  kind: 'correction',
  corrects: 'e1',
  correctsKind: 'acquisition',
  reason: 'Serial misread at intake',
  columns: {},
  changes: [{ field: 'Serial number', before: 'RS81239', after: 'RS81239U' }],
  recordedAt: '2026-11-20T15:30:00.000Z',
  recordedBy: 'Alex Admin',
};

const shop = { name: 'Precision Gunsmithing', phone: '(555) 010-0199', email: '', address: '', fflNumber: '1-23-456-07-8A-12345' };

function stubBook(over: Record<string, RouteHandler> = {}) {
  return stubAdminApi({
    'GET /api/shop': [200, shop],
    'GET /api/admin/book': ({ url }) => {
      const view = url.searchParams.get('view');
      const search = url.searchParams.get('search');
      if (view === 'inventory') return [200, { items: search && search !== 'RS81239U' ? [] : [corrected], cursor: null }];
      return [200, { items: [released, corrected], cursor: null }];
    },
    'GET /api/admin/book/corrections': [200, { items: [correctionEntry], cursor: null }],
    [`GET /api/admin/book/${orderId(1)}`]: [
      200,
      {
        line: corrected,
        entries: [
          { entryId: 'e1', orderId: orderId(1), lineNumber: 1, kind: 'acquisition', corrects: null, correctsKind: null, reason: null, columns: { date: '2026-11-02', party: 'customer', name: 'Casey Customer', address: '12 Main St, Springfield, IL 62701', firearmType: 'shotgun', manufacturer: 'Remington', model: '870 Express', serialNumber: 'RS81239', caliber: '12 ga' }, changes: [], recordedAt: '2026-11-02T14:00:00.000Z', recordedBy: 'Alex Admin' },
          correctionEntry,
        ],
      } satisfies BookLineDetail,
    ],
    ...over,
  });
}

describe('the A&D Book page', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the firearms in custody with days held, searches them, and opens a line\u2019s entries', async () => {
    const { calls } = stubBook();
    renderApp('/admin/book');
    expect(await screen.findByRole('heading', { level: 1, name: 'A&D Book' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'In Custody' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('region', { name: 'Firearms in custody' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Nov 2, 2026');
    expect(row).toHaveTextContent('25 days');
    expect(row).toHaveTextContent('Shotgun');
    expect(row).toHaveTextContent('Remington');
    expect(row).toHaveTextContent('RS81239U');
    expect(row).toHaveTextContent('Casey Customer');
    expect(within(row).getByRole('link', { name: 'GS-000001' })).toHaveAttribute('href', `/admin/manage-orders?order=${orderId(1)}`);
    expect(calls.find((c) => c.path === '/api/admin/book')?.search.get('view')).toBe('inventory');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing-like-it');
    expect(await screen.findByText(bookTexts.noMatch)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/book' && c.search.get('search') === 'nothing-like-it')).toBe(true);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'RS81239U');
    await userEvent.click(await screen.findByRole('button', { name: 'Entry 1: show its entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Entry 1' });
    const entries = await within(dialog).findByRole('list', { name: 'Entries' });
    const [acquisition, correction] = within(entries).getAllByRole('listitem').filter((li) => li.parentElement === entries);
    expect(acquisition).toHaveTextContent('Acquisition');
    expect(acquisition).toHaveTextContent('Recorded Nov 2, 2026');
    expect(acquisition).toHaveTextContent('by Alex Admin');
    expect(acquisition).toHaveTextContent('Serial numberRS81239');
    expect(correction).toHaveTextContent('Correction of the acquisition');
    expect(correction).toHaveTextContent('Reason: Serial misread at intake');
    expect(correction).toHaveTextContent('Serial number: RS81239 → RS81239U');
  });

  it('moves between In Custody and Book with the arrow keys (WAI-ARIA tabs)', async () => {
    stubBook();
    renderApp('/admin/book');
    const custody = await screen.findByRole('tab', { name: 'In Custody' });
    custody.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Book' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Book' })).toHaveFocus();
    expect(await screen.findByRole('combobox', { name: 'View' })).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(custody).toHaveAttribute('aria-selected', 'true');
  });

  it('says when nothing is in custody', async () => {
    stubBook({ 'GET /api/admin/book': [200, { items: [], cursor: null }] });
    renderApp('/admin/book');
    expect(await screen.findByText('No firearms in custody.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Book' }));
    expect(await screen.findByText('No entries in the book yet.')).toBeInTheDocument();
  });

  it('shows an error with Try Again when the book cannot be read', async () => {
    stubBook({ 'GET /api/admin/book': [500, { error: { code: 'internal', message: 'Internal error' } }] });
    renderApp('/admin/book');
    expect(await screen.findByText(bookTexts.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows the book as corrected (marked, corrections beneath), originals only, or the corrections only', async () => {
    const { calls } = stubBook();
    renderApp('/admin/book');
    await userEvent.click(await screen.findByRole('tab', { name: 'Book' }));
    const view = screen.getByRole('combobox', { name: 'View' });
    expect(view).toHaveValue('both');
    const book = await screen.findByRole('region', { name: 'Book entries' });
    const line1 = book.querySelector(`[data-order-id="${orderId(1)}"]`) as HTMLElement;
    expect(line1).toHaveTextContent('RS81239U');
    const marked = line1.querySelectorAll('[data-corrected]');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('RS81239U* (corrected)');
    const list = within(line1).getByRole('list', { name: 'Corrections of entry 1' });
    expect(list).toHaveTextContent('Correction of the acquisition');
    expect(list).toHaveTextContent('by Alex Admin');
    expect(list).toHaveTextContent('Reason: Serial misread at intake');
    expect(list).toHaveTextContent('Serial number: RS81239 → RS81239U');
    const line2 = book.querySelector(`[data-order-id="${orderId(2)}"]`) as HTMLElement;
    expect(line2).toHaveTextContent('Range Guns LLC');
    expect(line2).toHaveTextContent('FFL 9-87-654-32-1B-54321');
    expect(line2).toHaveTextContent('Nov 11, 2026');
    const bookCall = calls.filter((c) => c.path === '/api/admin/book').at(-1)!;
    expect(bookCall.search.get('view')).toBe('book');

    await userEvent.selectOptions(view, 'Originals only');
    const originals = screen.getByRole('region', { name: 'Book entries' }).querySelector(`[data-order-id="${orderId(1)}"]`) as HTMLElement;
    expect(originals).toHaveTextContent('RS81239');
    expect(originals).not.toHaveTextContent('RS81239U');
    expect(originals.querySelectorAll('[data-corrected]')).toHaveLength(0);
    expect(within(originals).queryByRole('list', { name: 'Corrections of entry 1' })).not.toBeInTheDocument();

    await userEvent.selectOptions(view, 'Corrections only');
    const corrections = await screen.findByRole('region', { name: 'Corrections' });
    const rows = within(corrections).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('1');
    expect(rows[1]).toHaveTextContent('acquisition');
    expect(rows[1]).toHaveTextContent('Alex Admin');
    expect(rows[1]).toHaveTextContent('Serial misread at intake');
    expect(rows[1]).toHaveTextContent('Serial number: RS81239 → RS81239U');
    expect(screen.queryByRole('region', { name: 'Book entries' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/book/corrections')).toBe(true);
  });

  it('says "No corrections." when the book has none', async () => {
    stubBook({ 'GET /api/admin/book/corrections': [200, { items: [], cursor: null }] });
    renderApp('/admin/book');
    await userEvent.click(await screen.findByRole('tab', { name: 'Book' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'Corrections only');
    expect(await screen.findByText('No corrections.')).toBeInTheDocument();
  });

  it('sends the date range and refuses a start after the end', async () => {
    const { calls } = stubBook();
    renderApp('/admin/book');
    await userEvent.click(await screen.findByRole('tab', { name: 'Book' }));
    await screen.findByRole('region', { name: 'Book entries' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dates' }), 'Date of disposition');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/book' && c.search.get('by') === 'disposed' && c.search.get('from') === '2026-11-01' && c.search.get('to') === '2026-11-30')).toBe(true));
    expect(screen.getByRole('link', { name: 'Print Book' })).toHaveAttribute('href', '/admin/book/print?from=2026-11-01&to=2026-11-30');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-10-01');
    expect(await screen.findByText(bookTexts.rangeInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports the range as CSV: the 27 CFR 478.125(e) columns, every page of the lines received or disposed of in it', async () => {
    const pages: Record<string, [BookLine[], string | null]> = {
      'acquired:': [[corrected], 'b.next'],
      'acquired:b.next': [[], null],
      'disposed:': [[released], null],
    };
    const { calls } = stubBook({
      'GET /api/admin/book': ({ url }) => {
        if (url.searchParams.get('limit') !== '200') return [200, { items: [released, corrected], cursor: null }];
        const [items, cursor] = pages[`${url.searchParams.get('by') ?? 'acquired'}:${url.searchParams.get('cursor') ?? ''}`];
        return [200, { items, cursor }];
      },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('ad-book-2026-11-01-to-2026-11-30.csv');
    });
    renderApp('/admin/book');
    await userEvent.click(await screen.findByRole('tab', { name: 'Book' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    click.mockRestore();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    const [header, first, second, end] = text.split('\r\n');
    expect(header).toBe(BOOK_COLUMNS.map((c) => c.header).join(','));
    expect(header).toContain('Manufacturer,Importer,Model,Serial Number,Type,Caliber or Gauge,Date of Receipt,Received From (Name),Received From (Address or License No.),Date of Disposition,Disposed To (Name),Disposed To (Address or License No.)');
    expect(first).toBe('1,Remington,,870 Express,RS81239U,Shotgun,12 ga,2026-11-02,Casey Customer,"12 Main St, Springfield, IL 62701",,,,,,,,GS-000001,Yes');
    expect(second).toBe('2,Glock,,19,BXYZ123,Pistol,9mm,2026-11-10,Casey Customer,"12 Main St, Springfield, IL 62701",2026-11-11,Range Guns LLC,FFL 9-87-654-32-1B-54321,,,,,GS-000002,');
    expect(end).toBe('');
    const ranged = calls.filter((c) => c.path === '/api/admin/book' && c.search.get('limit') === '200');
    expect(ranged.map((c) => [c.search.get('by') ?? 'acquired', c.search.get('cursor'), c.search.get('from'), c.search.get('to'), c.search.get('order')])).toEqual([
      ['acquired', null, '2026-11-01', '2026-11-30', 'asc'],
      ['acquired', 'b.next', '2026-11-01', '2026-11-30', 'asc'],
      ['disposed', null, '2026-11-01', '2026-11-30', 'asc'],
    ]);
  });

  it('names the CSV by its range', () => {
    expect(bookFileName({ from: '2026-01-01', to: '2026-12-31' })).toBe('ad-book-2026-01-01-to-2026-12-31.csv');
    expect(bookFileName({ from: '', to: '' }, '2026-11-27')).toBe('ad-book-all-2026-11-27.csv');
    expect(bookFileName({ from: '2026-01-01', to: '' }, '2026-11-27')).toBe('ad-book-2026-01-01-to-2026-11-27.csv');
  });

  it('prints the range in the ATF column layout with the shop\u2019s name and FFL number, then opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    stubBook({ 'GET /api/admin/book': [200, { items: [corrected, released], cursor: null }] });
    renderApp('/admin/book/print?from=2026-11-01&to=2026-11-30');
    const sheet = await screen.findByRole('table', { name: 'A&D book' });
    const [banner, groups, heads] = within(sheet).getAllByRole('row');
    await waitFor(() => expect(banner).toHaveTextContent('FFL No. 1-23-456-07-8A-12345'));
    expect(banner).toHaveTextContent('Precision Gunsmithing');
    expect(banner).toHaveTextContent('Firearms Acquisition and Disposition Record · Entries from Nov 1, 2026 to Nov 30, 2026');
    expect(within(groups).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Description of Firearm', 'Receipt', 'Disposition']);
    expect(within(heads).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(BOOK_COLUMNS.map((c) => c.header));
    const body = within(sheet).getAllByRole('row').slice(3);
    expect(within(body[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Remington', '', '870 Express', 'RS81239U', 'Shotgun', '12 ga', '2026-11-02', 'Casey Customer', '12 Main St, Springfield, IL 62701', '', '', '', '', '', '', '', 'GS-000001', 'Yes']);
    expect(body[1]).toHaveTextContent('FFL 9-87-654-32-1B-54321');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    // No inline style anywhere on the sheet: the production CSP would drop it.
    expect(sheet.closest('[data-print="sheet"]')!.querySelectorAll('[style]')).toHaveLength(0);
  });
});
