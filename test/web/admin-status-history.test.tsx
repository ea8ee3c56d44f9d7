import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusHistoryPanel } from '@/features/admin-orders/components/status-history-panel';
import { OLDER_UPDATES_NOT_SHOWN, WorkOrderSheet } from '@/components/work-order/work-order-sheet';
import { DEFAULT_SHOP } from '@gs/shared/shop';
import { bookMessages } from '@gs/shared/book';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeHistory, makeUpdate } from './fixtures';
import { renderWithClient } from './render';

const UPDATES = `/api/admin/orders/${baseOrder.id}/updates`;
const staff = makeUpdate({ id: 'u2', orderId: baseOrder.id, status: 'work_complete', notes: 'Work Complete - ready soon', createdAt: '2026-01-06T10:00:00.000Z', updatedAt: '2026-01-06T10:00:00.000Z' });
const note = makeUpdate({
  id: 'u1',
  orderId: baseOrder.id,
  status: 'customer_note',
  notes: 'When will it ship?',
  createdBy: 'user-1',
  authorLabel: 'Jane',
  isCustomerNote: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});
/** Its firearm received (the intake): the work's statuses are the book's to allow. */
const intake = { receivedOn: '2026-01-05', from: 'customer' as const, fromName: 'Jane Doe', fromLicense: null, fromAddress: '12 Main St, Springfield, IL 62701', conditionNotes: '', itemsReceived: '', recordedAt: '2026-01-05T12:00:00.000Z' };
/** Released too (Release Firearm recorded its disposition): the statuses that say it left. */
const release = { releasedOn: '2026-01-07', method: 'ship' as const, to: 'customer' as const, toName: 'Jane Doe', toLicense: null, toAddress: '12 Main St, Springfield, IL 62701', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', idType: null, idIssuer: null, idLast4: null, recipientIsDeliverer: null, form4473Ref: null, adultSignature: null, recordedAt: '2026-01-07T12:00:00.000Z' };
const detail = { ...baseOrder, intake, updates: [staff, note], payments: [] };
const released = { ...detail, currentStatus: 'payment_needed', release };

afterEach(() => vi.useRealTimers());

describe('admin Status History and Communication panel', { timeout: 20_000 }, () => {
  it('offers edit and delete on staff messages only, and highlights special statuses', () => {
    stubAdminApi({});
    renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);
    const items = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(within(items[0]).getByRole('button', { name: /^Edit message/ })).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: /^Delete message/ })).toBeInTheDocument();
    expect(within(items[0]).getByText('Work Complete - ready soon')).toHaveAttribute('data-highlight', 'Work Complete');
    expect(within(items[1]).getByText('When will it ship?')).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('posts a message, shows "Note added successfully!" for 3 s and refreshes 500 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = stubAdminApi({ [`POST ${UPDATES}`]: [201, staff], [`GET /api/admin/orders/${baseOrder.id}`]: [200, detail] });
    const { queryClient } = renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.selectOptions(screen.getByLabelText('Status'), 'parts_needed');
    await user.type(screen.getByLabelText('Message'), 'Waiting on a spring');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'parts_needed', notes: 'Waiting on a spring' });
    expect(invalidate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(500));
    expect(invalidate).toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(2600));
    expect(screen.queryByText('Note added successfully!')).not.toBeInTheDocument();
  });

  it('confirms a delete with the spec text and reports failures', async () => {
    const user = userEvent.setup();
    stubAdminApi({ [`DELETE ${UPDATES}/u2`]: [500, { error: { code: 'internal', message: 'x' } }] });
    renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /^Delete message/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete this message? This action cannot be undone.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete message. Please try again.')).toBeInTheDocument();
  });

  it('refuses an empty edit', async () => {
    const user = userEvent.setup();
    stubAdminApi({});
    renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);
    await user.click(screen.getByRole('button', { name: /^Edit message/ }));
    await user.clear(screen.getByLabelText('Edit message'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Message cannot be empty')).toBeInTheDocument();
  });

  it('asks for an override reason to release an order with a balance due and sends it', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`POST ${UPDATES}`]: [201, { ...staff, id: 'u3', status: 'shipped' }] });
    renderWithClient(<StatusHistoryPanel order={released} isError={false} isFetching={false} onRefresh={() => undefined} />);
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    const reason = screen.getByLabelText('Override reason');
    const refusal = 'This order has a balance due of $145.00: a firearm is released only after full payment. Collect the payment before setting it to Shipped, or give an override reason.';
    expect(reason).toHaveAccessibleDescription(refusal);
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(reason, 'Shop owner approved net-30 terms');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'shipped', releaseOverrideReason: 'Shop owner approved net-30 terms' });
  });

  it("shows the server's release refusal and lets the admin give a reason", async () => {
    const user = userEvent.setup();
    const refusal = 'This order has a balance due of $20.00: a firearm is released only after full payment. Collect the payment before setting it to Order Closed, or give an override reason.';
    let reply: [number, unknown] = [400, { error: { code: 'validation_failed', message: refusal, fields: { status: refusal, releaseOverrideReason: refusal } } }];
    const { calls } = stubAdminApi({ [`POST ${UPDATES}`]: () => reply });
    const paid = { ...released, invoice: { ...detail.invoice, amountPaidCents: 14500, balanceDueCents: 0, paymentStatus: 'paid' as const } };
    renderWithClient(<StatusHistoryPanel order={paid} isError={false} isFetching={false} onRefresh={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'order_closed');
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    const reason = await screen.findByLabelText('Override reason');
    expect(reason).toHaveAccessibleDescription(refusal);
    expect(screen.queryByText('Failed to add note. Please try again.')).not.toBeInTheDocument();

    reply = [201, { ...staff, id: 'u4', status: 'order_closed' }];
    await user.type(reason, 'Balance written off by the owner');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ status: 'order_closed', releaseOverrideReason: 'Balance written off by the owner' });
  });
});

describe('the A&D book in the status select', { timeout: 20_000 }, () => {
  const waiting = { ...baseOrder, currentStatus: 'order_created', updates: [note], payments: [] };

  it('an order never received: Work In Progress says to Receive Firearm first, and nothing is posted', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({});
    renderWithClient(<StatusHistoryPanel order={waiting} isError={false} isFetching={false} onRefresh={() => undefined} />);
    const select = screen.getByLabelText('Status');
    expect(select).not.toHaveAccessibleDescription(/Receive Firearm/);
    await user.selectOptions(select, 'in_progress');
    expect(select).toHaveAccessibleDescription(bookMessages.receiveFirst);
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(bookMessages.receiveFirst);
    await user.selectOptions(select, 'shipped');
    expect(select).toHaveAccessibleDescription(bookMessages.receiveAndRelease);
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal at the status (the book changed meanwhile), not as an override", async () => {
    const user = userEvent.setup();
    const reply: [number, unknown] = [400, { error: { code: 'validation_failed', message: bookMessages.receiveFirst, fields: { status: bookMessages.receiveFirst } } }];
    stubAdminApi({ [`POST ${UPDATES}`]: () => reply });
    renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'work_complete');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText(bookMessages.receiveFirst)).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to add note. Please try again.')).not.toBeInTheDocument();
  });
});

describe('a long admin status history', { timeout: 20_000 }, () => {
  const all = makeHistory(70, { orderId: baseOrder.id });
  const long = { ...baseOrder, intake, updates: all.slice(0, 50), updatesCursor: 'c1', payments: [] };
  /** The server: the newest 50 behind cursor "c1", then the last 20. */
  const pages = ({ url }: { url: URL }): [number, unknown] =>
    url.searchParams.get('cursor') === 'c1' ? [200, { items: all.slice(50), cursor: null }] : [200, { items: all.slice(0, 50), cursor: 'c1' }];
  const rows = () => within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');

  it('shows the page the order brought, then older entries on "Load older" until there are none', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`GET ${UPDATES}`]: pages });
    renderWithClient(<StatusHistoryPanel order={long} isError={false} isFetching={false} onRefresh={() => undefined} />);
    expect(rows()).toHaveLength(50);
    expect(calls).toEqual([]); // the first page came with the order
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(70));
    expect(rows()[69]).toHaveTextContent('History entry 1');
    expect(within(rows()[69]).getByRole('button', { name: /^Edit message/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}?cursor=${c.search.get('cursor')}`)).toEqual([`GET ${UPDATES}?cursor=c1`]);
  });

  it('keeps the older entries open when it refreshes after a save, re-reading every page from the newest', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = stubAdminApi({ [`GET ${UPDATES}`]: pages, [`POST ${UPDATES}`]: [201, staff], [`GET /api/admin/orders/${baseOrder.id}`]: [200, long] });
    renderWithClient(<StatusHistoryPanel order={long} isError={false} isFetching={false} onRefresh={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(70));
    calls.length = 0;
    await user.selectOptions(screen.getByLabelText('Status'), 'parts_needed');
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(500));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === UPDATES).map((c) => c.search.get('cursor'))).toEqual([null, 'c1']));
    expect(rows()).toHaveLength(70);
  });

  it('prints the newest entries the order brought and says older ones are not shown', () => {
    stubAdminApi({});
    renderWithClient(<WorkOrderSheet order={long} shop={DEFAULT_SHOP} />);
    expect(screen.getByText('+ 47 more updates')).toBeInTheDocument();
    expect(screen.getByText(OLDER_UPDATES_NOT_SHOWN)).toHaveTextContent('Older entries are not shown.');
  });

  it('prints no such line when the order brought its whole history', () => {
    stubAdminApi({});
    renderWithClient(<WorkOrderSheet order={{ ...long, updatesCursor: null }} shop={DEFAULT_SHOP} />);
    expect(screen.queryByText(OLDER_UPDATES_NOT_SHOWN)).not.toBeInTheDocument();
  });
});
