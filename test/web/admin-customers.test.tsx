import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRow } from '@gs/shared/api-types';
import { CustomerPicker, PICKER_MATCHES } from '@/features/admin-customers/components/customer-picker';
import { customerMessages } from '@/features/admin-customers/components/customers-panel';
import { stubAdminApi, type ApiCall } from './api-stub';
import { admin, resetFakeAuth } from './fake-auth-client';
import { makeProfile } from './fixtures';
import { renderApp, renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const row = (i: number, over: Partial<CustomerRow> = {}): CustomerRow => ({
  ...makeProfile({ id: `c${i}`, email: `c${i}@example.com`, firstName: `First${i}`, lastName: `Last${i}`, phone: null }),
  orderCount: 0,
  latestOrder: null,
  ...over,
});

/** The server's pages: `pages[n]` answers the cursor `p<n>` (the first page has none). */
function stubCustomers(pages: Array<{ items: CustomerRow[]; more: boolean }>) {
  return stubAdminApi({
    'GET /api/admin/customers': ({ url }) => {
      const n = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
      const page = pages[n] ?? { items: [], more: false };
      return [200, { items: page.items, cursor: page.more ? `p${n + 1}` : null }];
    },
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/admin/customers').map((c) => Object.fromEntries(c.search));

describe('admin customers page', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(admin));

  it('shows the first page the server gives, and "Load more" goes on from its cursor', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 25 }, (_, i) => row(i));
    const withAddress = row(26, { address: { line1: '12 Main St', line2: 'Apt 4', city: 'Springfield', state: 'IL', postalCode: '62701' } });
    const api = stubCustomers([{ items: first, more: true }, { items: [row(25), withAddress], more: false }]);
    renderApp('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Management Center' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Customers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name, email, phone or address')).toBeInTheDocument();
    expect(listCalls(api.calls)).toEqual([{ limit: '25' }]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem')).toHaveLength(27));
    expect(listCalls(api.calls).at(-1)).toEqual({ limit: '25', cursor: 'p1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The rows still expand to the spec's details.
    await user.click(screen.getByRole('button', { name: /^First26 Last26/ }));
    expect(screen.getByText('Contact Info')).toBeInTheDocument();
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Address:').nextElementSibling).toHaveTextContent('12 Main St, Apt 4, Springfield, IL 62701');
    await user.click(screen.getByRole('button', { name: /^First25 Last25/ }));
    expect(screen.getAllByText('Address:')[0].nextElementSibling).toHaveTextContent('Not provided');
  });

  it('asks the server once the typing settles, from the first page again', async () => {
    const user = userEvent.setup();
    const api = stubAdminApi({
      'GET /api/admin/customers': ({ url }) => {
        const search = url.searchParams.get('search');
        return [200, search ? { items: [row(7, { firstName: 'José', lastName: 'Smith' })], cursor: null } : { items: [row(1), row(2)], cursor: 'p1' }];
      },
    });
    renderApp('/admin/customers');
    await screen.findByRole('list', { name: 'Customers' });
    await user.type(screen.getByLabelText('Search customers'), '  jose smith');
    await waitFor(() => expect(screen.getByRole('button', { name: /^José Smith/ })).toBeInTheDocument());
    // One request for the settled text (not one per key), without the earlier list's cursor.
    expect(listCalls(api.calls)).toEqual([{ limit: '25' }, { limit: '25', search: 'jose smith' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('a search page without a match yet offers to search further; "No customers found" once the server has no more', async () => {
    const user = userEvent.setup();
    stubCustomers([{ items: [], more: true }, { items: [], more: false }]);
    renderApp('/admin/customers');
    expect(await screen.findByText(customerMessages.noMatchYet)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
  });
});

describe('customer picker (create order)', { timeout: 20_000 }, () => {
  it('searches the server as the person types: one bounded page of matches, then the choice', async () => {
    const user = userEvent.setup();
    const matches = Array.from({ length: PICKER_MATCHES }, (_, i) => row(i, { firstName: 'Jan', lastName: `Doe${i}` }));
    const api = stubAdminApi({ 'GET /api/admin/customers': [200, { items: matches, cursor: 'more' }] });
    const onSelect = vi.fn();
    renderWithClient(<CustomerPicker selected={null} onSelect={onSelect} />);
    expect(listCalls(api.calls)).toEqual([]);
    await user.type(screen.getByLabelText('Customer'), 'jan d');
    const results = await screen.findByRole('list', { name: 'Matching customers' });
    expect(within(results).getAllByRole('button')).toHaveLength(PICKER_MATCHES);
    expect(listCalls(api.calls)).toEqual([{ search: 'jan d', limit: String(PICKER_MATCHES) }]);
    expect(screen.getByText(`Showing the newest ${PICKER_MATCHES} matches. Type more to narrow the search.`)).toBeInTheDocument();
    await user.click(within(results).getByRole('button', { name: /Jan Doe3/ }));
    expect(onSelect).toHaveBeenCalledWith(matches[3]);
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/customers': [200, { items: [], cursor: null }] });
    renderWithClient(<CustomerPicker selected={null} onSelect={() => undefined} />);
    await user.type(screen.getByLabelText('Customer'), 'zzz');
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
  });
});
