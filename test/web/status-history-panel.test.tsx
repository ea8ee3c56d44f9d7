import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusUpdate } from '@gs/shared/api-types';
import { StatusHistoryPanel } from '@/features/orders/components/status-history-panel';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubApiRoutes } from './api-stub';
import { makeHistory, makeUpdate, ORDER_ID } from './fixtures';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const UPDATES = `/api/orders/${ORDER_ID}/updates`;
const NOTES = `/api/orders/${ORDER_ID}/notes`;

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StatusHistoryPanel orderId={ORDER_ID} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Status History & Communication' });
}

function stubHistory(initial: StatusUpdate[], { noteStatus = 201 }: { noteStatus?: number } = {}) {
  const stored = [...initial];
  return stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === UPDATES) return [200, { items: stored, cursor: null }];
    if (call.method === 'POST' && call.path === NOTES) {
      if (noteStatus !== 201) return [noteStatus, { error: { code: 'internal', message: 'boom' } }];
      const note = makeUpdate({
        id: `note-${stored.length}`,
        status: 'customer_note',
        notes: (call.body as { text: string }).text,
        authorLabel: 'Jane',
        isCustomerNote: true,
        createdAt: '2024-01-09T18:05:00.000Z',
      });
      stored.unshift(note);
      return [201, note];
    }
    return undefined;
  });
}

const history = [
  makeUpdate({ id: 'u3', status: 'customer_note', notes: 'It mostly happens with steel-cased ammo.', authorLabel: 'Jane', isCustomerNote: true, createdAt: '2024-01-07T12:00:00.000Z' }),
  makeUpdate({ id: 'u2', status: 'evaluating', notes: 'Status updated to Evaluating Firearm - Admin', createdAt: '2024-01-06T12:00:00.000Z' }),
  makeUpdate({ id: 'u1', status: 'order_created', notes: 'Order created', createdAt: '2024-01-05T12:00:00.000Z' }),
];

describe('status history and communication panel', () => {
  beforeEach(() => resetFakeAuth(customer));
  afterEach(() => vi.useRealTimers());

  it('lists updates newest first with labels, authors and dates, and no edit or delete controls', async () => {
    stubHistory(history);
    const panel = renderPanel();
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Customer Note by Jane');
    expect(items[0]).toHaveTextContent('It mostly happens with steel-cased ammo.');
    // Staff entries are signed "Admin", never with a staff member's name.
    expect(items[1]).toHaveTextContent('Evaluating Firearm by Admin');
    expect(items[2]).toHaveTextContent('Order Created by Admin');
    expect(items[2]).toHaveTextContent(/Jan 5, 2024 \d{1,2}:\d{2} (AM|PM)/);
    expect(within(panel).queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
  });

  it("titles the customer's approve and reject entries by what happened, signed with their name", async () => {
    stubHistory([
      makeUpdate({ id: 'r', status: 'costs_rejected', notes: 'Too expensive', authorLabel: 'Zoë', isCustomerNote: true, createdAt: '2024-01-08T12:00:00.000Z' }),
      makeUpdate({ id: 'a', status: 'costs_approved', notes: 'Customer approved additional costs', authorLabel: 'Zoë', isCustomerNote: true, createdAt: '2024-01-07T12:00:00.000Z' }),
    ]);
    const items = await within(renderPanel()).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Additional Costs Rejected by Zoë');
    expect(items[1]).toHaveTextContent('Additional Costs Approved by Zoë');
    expect(items[1]).not.toHaveTextContent('Order Created');
  });

  it('refreshes every 30 seconds and on demand', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubHistory(history);
    const panel = renderPanel();
    await within(panel).findAllByRole('listitem');
    const loads = () => api.calls.filter((c) => c.method === 'GET' && c.path === UPDATES).length;
    expect(loads()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(loads()).toBe(2);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(panel).getByRole('button', { name: 'Refresh status history' }));
    await vi.waitFor(() => expect(loads()).toBe(3));
  });

  it('keeps Add Note disabled while the note is blank', async () => {
    stubHistory(history);
    const user = userEvent.setup();
    const panel = renderPanel();
    const button = within(panel).getByRole('button', { name: 'Add Note' });
    expect(button).toBeDisabled();
    await user.type(within(panel).getByLabelText('Add a note for the shop'), '   ');
    expect(button).toBeDisabled();
    await user.type(within(panel).getByLabelText('Add a note for the shop'), 'x');
    expect(button).toBeEnabled();
  });

  it('adds a trimmed note, confirms it for 3 seconds and refreshes the list 500 ms later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubHistory(history);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const panel = renderPanel();
    await within(panel).findAllByRole('listitem');

    const box = within(panel).getByLabelText('Add a note for the shop');
    await user.type(box, '  Please check the magazine too.  ');
    await user.click(within(panel).getByRole('button', { name: 'Add Note' }));

    expect(await within(panel).findByText('Note added successfully!')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Please check the magazine too.' });
    expect(box).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(500));
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Please check the magazine too.');

    await act(() => vi.advanceTimersByTimeAsync(2_600));
    expect(within(panel).queryByText('Note added successfully!')).not.toBeInTheDocument();
  });

  it('says so when the note cannot be added or the history cannot be loaded', async () => {
    stubHistory(history, { noteStatus: 500 });
    const user = userEvent.setup();
    const panel = renderPanel();
    await user.type(within(panel).getByLabelText('Add a note for the shop'), 'Hello');
    await user.click(within(panel).getByRole('button', { name: 'Add Note' }));
    expect(await within(panel).findByText('Failed to add note. Please try again.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Add a note for the shop')).toHaveValue('Hello');
  });

  it('shows the load error', async () => {
    stubApiRoutes((call) => (call.path === UPDATES ? [500, { error: { code: 'internal', message: 'boom' } }] : undefined));
    const panel = renderPanel();
    expect(await within(panel).findByText('Failed to load status updates. Please try again.')).toBeInTheDocument();
  });
});

describe('a long status history', () => {
  beforeEach(() => resetFakeAuth(customer));
  afterEach(() => vi.useRealTimers());

  /** 70 entries, served 50 to a page (the server's size) behind cursor "c1". */
  function stubPages() {
    const all = makeHistory(70);
    return stubApiRoutes((call) => {
      if (call.method !== 'GET' || call.path !== UPDATES) return undefined;
      return call.search.get('cursor') === 'c1' ? [200, { items: all.slice(50), cursor: null }] : [200, { items: all.slice(0, 50), cursor: 'c1' }];
    });
  }

  it('shows the newest page, then older entries on "Load older" until there are none', async () => {
    const api = stubPages();
    const user = userEvent.setup();
    const panel = renderPanel();
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(50);
    await user.click(within(panel).getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(70));
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('History entry 70');
    expect(items[69]).toHaveTextContent('History entry 1');
    expect(within(panel).queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === UPDATES).map((c) => c.search.get('cursor'))).toEqual([null, 'c1']);
  });

  it('keeps the older entries open through the 30-second refresh, which re-reads every page from the newest', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubPages();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const panel = renderPanel();
    await within(panel).findAllByRole('listitem');
    await user.click(within(panel).getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(70));
    api.calls.length = 0;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === UPDATES).map((c) => c.search.get('cursor'))).toEqual([null, 'c1']));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(70);
  });

  it('shows why a note was refused when a note limit is reached (429)', async () => {
    const message = 'You have sent 20 notes in the last hour. Please wait a little before sending another.';
    stubApiRoutes((call) => {
      if (call.method === 'GET' && call.path === UPDATES) return [200, { items: history, cursor: null }];
      if (call.method === 'POST' && call.path === NOTES) return [429, { error: { code: 'too_many_requests', message } }];
      return undefined;
    });
    const user = userEvent.setup();
    const panel = renderPanel();
    await user.type(within(panel).getByLabelText('Add a note for the shop'), 'One more');
    await user.click(within(panel).getByRole('button', { name: 'Add Note' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
    expect(within(panel).getByLabelText('Add a note for the shop')).toHaveValue('One more');
  });
});
