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
