import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@gs/shared/validation';
import { CustomerFormModal } from '@/features/admin-customers/components/customer-form-modal';
import { stubAdminApi } from './api-stub';
import { makeProfile } from './fixtures';
import { renderWithClient } from './render';

function renderForm() {
  const { calls } = stubAdminApi({ 'POST /api/admin/customers': ({ body }) => [201, makeProfile(body as object)] });
  const onSaved = vi.fn();
  renderWithClient(<CustomerFormModal customer={null} onClose={() => undefined} onSaved={onSaved} />);
  return { calls, onSaved, form: screen.getByRole('form', { name: 'Add customer' }) };
}

describe('admin customer form', { timeout: 20_000 }, () => {
  it("refuses what the route's schema refuses, with its messages, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls, form } = renderForm();
    await user.type(within(form).getByLabelText('Email'), 'riley @example.com');
    await user.type(within(form).getByLabelText('Phone'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(messages.adminEmailInvalid);
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(messages.adminPasswordRequired);
    expect(within(form).getByLabelText('First Name')).toHaveAccessibleDescription(messages.firstNameRequired);
    expect(within(form).getByLabelText('Last Name')).toHaveAccessibleDescription(messages.lastNameRequired);
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(messages.phoneInvalid);
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordTooShort);
    expect(calls).toHaveLength(0);
  });

  it('adds the customer as the server stores it: trimmed, the email in lower case, no blank phone', async () => {
    const user = userEvent.setup();
    const { calls, form, onSaved } = renderForm();
    await user.type(within(form).getByLabelText('Email'), ' Riley@Example.com ');
    await user.type(within(form).getByLabelText('Password'), 'Password123!');
    await user.type(within(form).getByLabelText('First Name'), 'Riley ');
    await user.type(within(form).getByLabelText('Last Name'), 'Maker');
    await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Customer added successfully!'));
    expect(calls[0].body).toEqual({ email: 'riley@example.com', password: 'Password123!', firstName: 'Riley', lastName: 'Maker', enableSmsNotifications: false });
  });

  it('adds a mailing address: refused field by field as the schema refuses it, then sent as the server stores it', async () => {
    const user = userEvent.setup();
    const { calls, form, onSaved } = renderForm();
    const address = within(form).getByRole('group', { name: 'Mailing Address' });
    expect(address).toHaveAccessibleDescription('Optional. US addresses only. New orders take it as their return address.');
    // Staff type someone else's address: no autofill from their own browser.
    expect(within(address).getByLabelText('Street Address')).toHaveAttribute('autocomplete', 'off');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Password'), 'Password123!');
    await user.type(within(form).getByLabelText('First Name'), 'Ada');
    await user.type(within(form).getByLabelText('Last Name'), 'Post');
    await user.type(within(address).getByLabelText('Street Address'), ' 77 Sunset Blvd ');
    await user.type(within(address).getByLabelText('City'), 'Los Angeles');
    await user.type(within(address).getByLabelText('ZIP Code'), '9002');
    await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
    expect(within(address).getByLabelText('State')).toHaveAccessibleDescription('Choose a state');
    expect(within(address).getByLabelText('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code (or ZIP+4)');
    expect(calls).toHaveLength(0);

    await user.selectOptions(within(address).getByLabelText('State'), 'California');
    await user.type(within(address).getByLabelText('ZIP Code'), '8');
    expect(within(address).getByLabelText('ZIP Code')).not.toHaveAccessibleDescription();
    await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Customer added successfully!'));
    expect(calls[0].body).toEqual({
      email: 'ada@example.com',
      password: 'Password123!',
      firstName: 'Ada',
      lastName: 'Post',
      address: { line1: '77 Sunset Blvd', line2: null, city: 'Los Angeles', state: 'CA', postalCode: '90028' },
      enableSmsNotifications: false,
    });
  });

  it("edits a customer's address, shows the server's field errors on it, and emptying it clears it", async () => {
    const user = userEvent.setup();
    const saved = { line1: '9 Harbor Rd', line2: null, city: 'Seattle', state: 'WA' as const, postalCode: '98101' };
    let answer: 'refuse' | 'ok' = 'refuse';
    const { calls } = stubAdminApi({
      'PATCH /api/admin/customers/c1': ({ body }) =>
        answer === 'refuse'
          ? [400, { error: { code: 'validation_failed', message: 'Too long', fields: { 'address.city': 'Too long' } } }]
          : [200, makeProfile({ id: 'c1', ...(body as object) })],
    });
    const onSaved = vi.fn();
    const customer = { ...makeProfile({ id: 'c1', address: saved }), orderCount: 0, latestOrder: null };
    renderWithClient(<CustomerFormModal customer={customer} onClose={() => undefined} onSaved={onSaved} />);
    const form = screen.getByRole('form', { name: 'Edit customer' });
    const address = within(form).getByRole('group', { name: 'Mailing Address' });
    expect(within(address).getByLabelText('Street Address')).toHaveValue('9 Harbor Rd');
    expect(within(address).getByLabelText('City')).toHaveValue('Seattle');
    expect(within(address).getByLabelText('State')).toHaveValue('WA');
    expect(within(address).getByLabelText('ZIP Code')).toHaveValue('98101');

    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(address).findByText('Too long')).toBeInTheDocument();
    expect(within(address).getByLabelText('City')).toHaveAccessibleDescription('Too long');
    expect(calls[0].body).toMatchObject({ address: saved });

    answer = 'ok';
    for (const label of ['Street Address', 'City', 'ZIP Code']) await user.clear(within(address).getByLabelText(label));
    await user.selectOptions(within(address).getByLabelText('State'), '');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Customer updated successfully!'));
    expect(calls[1].body).toMatchObject({ address: null });
  });

  it('gives up after 10 s: cancels the request, says so, and the form can be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      let aborted = false;
      const fetchMock = vi.fn((_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }));
          });
        }),
      );
      vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) =>
        String(url).endsWith('/config.json') ? Promise.resolve(new Response(JSON.stringify({ apiUrl: '/api', region: 'us-east-1', userPoolId: 'x', userPoolClientId: 'y', paymentsMode: 'dev' }))) : fetchMock(url, init),
      );
      renderWithClient(<CustomerFormModal customer={null} onClose={() => undefined} onSaved={() => undefined} />);
      const form = screen.getByRole('form', { name: 'Add customer' });
      await user.type(within(form).getByLabelText('Email'), 'slow@example.com');
      await user.type(within(form).getByLabelText('Password'), 'Password123!');
      await user.type(within(form).getByLabelText('First Name'), 'Slow');
      await user.type(within(form).getByLabelText('Last Name'), 'Server');
      await user.click(within(form).getByRole('button', { name: 'Add Customer' }));
      expect(await within(form).findByRole('button', { name: 'Saving...' })).toBeDisabled();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await within(form).findByText('Request timed out. Please try again.')).toBeInTheDocument();
      expect(aborted).toBe(true);
      expect(within(form).getByRole('button', { name: 'Add Customer' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
