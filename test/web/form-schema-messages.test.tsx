import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dateMessages } from '@gs/shared/dates';
import { settingsMessages } from '@gs/shared/settings';
import { IntakeForm } from '@/features/admin-orders/components/intake-form';
import { SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { UserManagement } from '@/features/admin-staff/components/user-management';
import { stubAdminApi } from './api-stub';
import { baseOrder } from './fixtures';
import { renderWithClient } from './render';

/** Staff forms checked with their route's own schema (shared/src/schemas): its messages show at the fields, before anything is sent. */
describe("the routes' schemas in the staff forms", { timeout: 30_000 }, () => {
  const saved = { businessName: 'Acme Gunworks', phone: '', email: '', address: '', fflNumber: '', defaultTaxRate: 8.25, laborRateCents: 7500, minimumServiceFeeCents: 2500, emailSender: null };

  it('Billing: an amount that is no number is said first and alone; amounts the settings route refuses are said at both fields; nothing is saved until they pass', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/settings': [200, saved],
      'PUT /api/admin/settings': ({ body }) => [200, { ...saved, ...(body as object) }],
    });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const labor = await screen.findByLabelText('Default Labor Rate ($ per hour)');
    const fee = screen.getByLabelText('Minimum Service Fee ($)');
    const save = screen.getByRole('button', { name: 'Save Settings' });

    // Neither reads as an amount: the labor rate is said, the fee not yet.
    await user.clear(labor);
    await user.clear(fee);
    await user.click(save);
    expect(labor).toHaveAccessibleDescription(settingsMessages.laborRateInvalid);
    expect(fee).not.toHaveAttribute('aria-invalid');

    // Both read, both above the most the route takes ($1,000,000.00): the schema's message under each.
    await user.type(labor, '1000001');
    await user.type(fee, '2000000');
    await user.click(save);
    expect(labor).toHaveAccessibleDescription(settingsMessages.laborRateInvalid);
    expect(fee).toHaveAccessibleDescription(settingsMessages.minimumFeeInvalid);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.clear(labor);
    await user.type(labor, '82.50');
    await user.clear(fee);
    await user.type(fee, '30');
    await user.click(save);
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ laborRateCents: 8250, minimumServiceFeeCents: 3000 });
    expect(labor).not.toHaveAttribute('aria-invalid');
    expect(fee).not.toHaveAttribute('aria-invalid');
  });

  it('Receive Firearm: a date received left blank gets the book schema’s date message, and nothing is recorded', async () => {
    const user = userEvent.setup();
    const receive = vi.fn(() => [200, baseOrder] as [number, unknown]);
    stubAdminApi({ [`POST /api/admin/orders/${baseOrder.id}/receive`]: receive });
    renderWithClient(<IntakeForm order={{ ...baseOrder, firearmType: 'pistol' }} customerAddress={{ line1: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' }} onDone={vi.fn()} onCancel={vi.fn()} />);
    const date = screen.getByLabelText('Date Received');
    await user.clear(date);
    await user.click(screen.getByRole('button', { name: 'Record Intake' }));
    expect(date).toHaveAccessibleDescription(dateMessages.invalid);
    expect(date).toHaveAttribute('aria-invalid', 'true');
    // The other fields passed: only the date is refused.
    expect(screen.getByLabelText('Manufacturer')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(receive).not.toHaveBeenCalled());
  });
});
