import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookLine, BookLineColumns, MissingFirearm, MissingFromBookPage, Order, OrderDetail } from '@gs/shared/api-types';
import { BOOK_COLUMNS, CORRECTION_COLUMNS, bookMessages, bookToday } from '@gs/shared/book';
import { bookTexts, wholeBookFileName } from '@/features/admin-book/book-lines';
import { stubAdminApi, type RouteHandler } from './api-stub';
import { baseOrder, makeProfile } from './fixtures';
import { renderApp } from './render';
import { admin, resetFakeAuth } from './fake-auth-client';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const ME = makeProfile({ id: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', phone: null, role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' });

const missing = (n: number, over: Partial<MissingFirearm> = {}): MissingFirearm => ({
  orderId: `0000000${n}-aaaa-4bbb-8ccc-ddddeeeeffff`,
  orderNumber: `GS-00010${n}`,
  customerId: 'cust-1',
  customerName: 'Lee Legacy',
  firearmMake: 'Browning',
  firearmModel: `Hi-Power ${n}`,
  serialNumber: `LG-00${n}`,
  currentStatus: 'in_progress',
  createdAt: `2026-10-0${n}T15:00:00.000Z`,
  isArchived: false,
  version: 2,
  ...over,
});

/** The order editor's copy of a listed order (the Receive Firearm dialog reads it). */
const listedOrder = (m: MissingFirearm): Order => ({ ...baseOrder, id: m.orderId, orderNumber: m.orderNumber, firearmMake: m.firearmMake, firearmModel: m.firearmModel, serialNumber: m.serialNumber, currentStatus: m.currentStatus, createdAt: m.createdAt, version: m.version, intake: null, missingFromBook: true });

describe('firearms missing from the A&D book', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it('the dashboard shows their count, linking to the list; none: nothing is shown', async () => {
    const user = userEvent.setup();
    let count = 3;
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/orders': [200, { items: [], cursor: null, match: null }],
      'GET /api/admin/book/missing': () => [200, { count, items: count ? [missing(1)] : [], cursor: null } satisfies MissingFromBookPage],
    });
    renderApp('/admin');
    const link = await screen.findByRole('link', { name: '3 firearms missing from the A&D book' });
    // The count alone: the smallest page the route gives.
    expect(calls.find((c) => c.path === '/api/admin/book/missing')?.search.get('limit')).toBe('1');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Firearms missing from the A&D book' })).toBeInTheDocument();

    count = 0;
    renderApp('/admin');
    expect(await screen.findAllByText('No active orders.')).not.toHaveLength(0);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/book/missing').length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByRole('link', { name: /missing from the A&D book/ })).not.toBeInTheDocument();
  });

  it('lists them, the oldest first, 25 a page with Load more; Record Intake takes the real date (not before the order) and the order leaves the list', async () => {
    const user = userEvent.setup();
    let listed = [missing(1), missing(2), missing(3, { currentStatus: 'shipped', isArchived: true })];
    const received: unknown[] = [];
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/admin/book/missing': ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        const page = cursor ? listed.slice(2) : listed.slice(0, 2);
        return [200, { count: listed.length, items: page, cursor: !cursor && listed.length > 2 ? 'm.next' : null } satisfies MissingFromBookPage];
      },
      [`GET /api/admin/orders/${missing(1).orderId}`]: [200, { ...listedOrder(missing(1)), updates: [], payments: [] } satisfies OrderDetail],
      'GET /api/admin/customers': [200, { items: [], cursor: null }],
      [`POST /api/admin/orders/${missing(1).orderId}/receive`]: ({ body }) => {
        received.push(body);
        const [first, ...rest] = listed;
        listed = rest;
        return [200, { ...listedOrder(first), missingFromBook: false, version: 3 }];
      },
    } satisfies Record<string, RouteHandler>);
    renderApp('/admin/book/missing');
    expect(await screen.findByRole('heading', { level: 1, name: bookTexts.missingTitle })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '3 firearms missing from the A&D book' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: bookTexts.missingTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = within(list).getAllByRole('listitem')[0];
    expect(first).toHaveTextContent('GS-000101');
    expect(first).toHaveTextContent('Work In Progress');
    expect(first).toHaveTextContent('Browning Hi-Power 1');
    expect(first).toHaveTextContent('LG-001');
    expect(first).toHaveTextContent('Lee Legacy · Order created Oct 1, 2026');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Archived');
    expect(calls.filter((c) => c.path === '/api/admin/book/missing').map((c) => c.search.get('cursor'))).toEqual([null, 'm.next']);

    await user.click(within(first).getByRole('button', { name: 'Record Intake: GS-000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive Firearm: GS-000101' });
    const date = await within(dialog).findByLabelText('Date Received');
    // The day the firearm really came in: not before the order (a day's leeway for time zones), not after today.
    expect(date).toHaveAttribute('min', '2026-09-30');
    expect(date).toHaveAttribute('max');
    await user.clear(date);
    await user.type(date, '2026-09-01');
    await user.selectOptions(within(dialog).getByLabelText('Firearm Type'), 'pistol');
    // The rest comes from the order (make, model, serial, caliber).
    expect(within(dialog).getByLabelText('Caliber or Gauge')).toHaveValue('9mm');
    for (const [label, value] of [['Street Address', '9 Elm St'], ['City', 'Provo'], ['ZIP Code', '84601']]) await user.type(within(dialog).getByLabelText(label), value);
    await user.selectOptions(within(dialog).getByLabelText('State'), 'UT');
    await user.click(within(dialog).getByRole('button', { name: 'Record Intake' }));
    expect(await within(dialog).findByText(bookMessages.receivedBeforeOrder('2026-09-30'))).toBeInTheDocument();
    expect(received).toEqual([]);

    await user.clear(date);
    await user.type(date, '2026-10-03');
    await user.click(within(dialog).getByRole('button', { name: 'Record Intake' }));
    expect(await screen.findByText('Intake of GS-000101 recorded: the firearm is in the A&D book.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(received).toEqual([expect.objectContaining({ version: 2, receivedOn: '2026-10-03', from: 'customer', firearmType: 'pistol', firearmMake: 'Browning', serialNumber: 'LG-001', firearmCaliber: '9mm' })]);
    // Re-read: it left the list.
    expect(await screen.findByRole('heading', { level: 2, name: '2 firearms missing from the A&D book' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: bookTexts.missingTitle })).queryByText('GS-000101')).not.toBeInTheDocument());
  });

  it('says when none is missing', async () => {
    stubAdminApi({ 'GET /api/me': [200, ME], 'GET /api/admin/book/missing': [200, { count: 0, items: [], cursor: null }] });
    renderApp('/admin/book/missing');
    expect(await screen.findByText(bookTexts.missingEmpty)).toBeInTheDocument();
  });
});

const cols = (over: Partial<BookLineColumns> = {}): BookLineColumns => ({
  acquiredOn: '2026-11-02', from: 'customer', fromName: 'Casey Customer', fromLicense: '', fromAddress: '12 Main St, Springfield, IL 62701', firearmType: 'shotgun',
  manufacturer: 'Remington', importer: '', model: '870 Express', serialNumber: 'RS81239U', caliber: '12 ga', disposedOn: '', to: '', toName: '', toLicense: '',
  toAddress: '', method: '', carrier: '', trackingNumber: '', toIdType: '', toIdIssuer: '', toIdLast4: '', toIsDeliverer: '', form4473Ref: '', adultSignature: '', ...over,
});
const line = (n: number, over: Partial<BookLine> = {}): BookLine => ({
  orderId: `aaaabbbb-1111-4222-8333-00000000000${n}`, orderNumber: `GS-00000${n}`, lineNumber: n, open: true, daysHeld: 3, current: cols(), original: cols(), corrections: [], ...over,
});

describe('Download Whole Book', () => {
  beforeEach(() => resetFakeAuth(admin));
  afterEach(() => vi.unstubAllGlobals());

  it('pages through every line of the book (200 a request, no range) and saves every line and every correction as CSV', async () => {
    const user = userEvent.setup();
    const corrected = line(1, {
      original: cols({ serialNumber: 'RS81239' }),
      corrections: [{ entryId: 'e3', corrects: 'acquisition', recordedAt: '2026-11-20T15:30:00.000Z', recordedBy: 'Alex Admin', reason: 'Serial misread at intake', changes: [{ field: 'Serial number', before: 'RS81239', after: 'RS81239U' }] }],
    });
    const second = line(2, { current: cols({ manufacturer: 'Glock', serialNumber: 'BX1' }) });
    const { calls } = stubAdminApi({
      'GET /api/me': [200, ME],
      'GET /api/shop': [200, { name: 'Shop', phone: '', email: '', address: '', fflNumber: '' }],
      'GET /api/admin/book/missing': [200, { count: 0, items: [], cursor: null }],
      'GET /api/admin/book': ({ url }) => {
        if (url.searchParams.get('limit') !== '200') return [200, { items: [], cursor: null }];
        return url.searchParams.get('cursor') ? [200, { items: [second], cursor: null }] : [200, { items: [corrected], cursor: 'b.next' }];
      },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => undefined }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/admin/book');
    await user.click(await screen.findByRole('button', { name: 'Download Whole Book' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    click.mockRestore();
    expect(names).toEqual([wholeBookFileName(bookToday())]);
    const paged = calls.filter((c) => c.path === '/api/admin/book' && c.search.get('limit') === '200');
    expect(paged.map((c) => [c.search.get('view'), c.search.get('order'), c.search.get('from'), c.search.get('to'), c.search.get('by'), c.search.get('cursor')])).toEqual([
      ['book', 'asc', null, null, null, null],
      ['book', 'asc', null, null, null, 'b.next'],
    ]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    const rows = text.split('\r\n');
    expect(rows[0]).toBe([...BOOK_COLUMNS, ...CORRECTION_COLUMNS].map((c) => c.header).join(','));
    expect(rows[1]).toBe('1,Remington,,870 Express,RS81239U,Shotgun,12 ga,2026-11-02,Casey Customer,"12 Main St, Springfield, IL 62701",,,,,,,,GS-000001,Yes,Entry,,,,,');
    expect(rows[2]).toBe('1,,,,,,,,,,,,,,,,,GS-000001,,Correction,Acquisition,"Serial number was RS81239, now RS81239U",Serial misread at intake,2026-11-20T15:30:00.000Z,Alex Admin');
    expect(rows[3]).toMatch(/^2,Glock,.*,GS-000002,,Entry,,,,,$/);
    expect(rows.slice(4)).toEqual(['']);
  });
});
