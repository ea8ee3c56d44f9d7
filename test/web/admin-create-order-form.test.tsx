import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@gs/shared/admin-messages';
import { releaseCheckMessages } from '@gs/shared/release-checks';
import type { CustomerRow } from '@gs/shared/api-types';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { CreateOrderModal } from '@/features/admin-orders/components/create-order-form';
import { NO_MAILING_ADDRESS } from '@/features/admin-orders/components/new-order-return';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeProfile } from './fixtures';
import { renderWithClient } from './render';

const jane: CustomerRow = { ...makeProfile(), orderCount: 1, latestOrder: null };

/** The form as the routes compose it: with the admin-customers feature's customer search. */
function renderForm() {
  const { calls } = stubAdminApi({
    'GET /api/admin/customers': [200, { items: [jane], cursor: null }],
    'POST /api/admin/orders': ({ body }) => [201, { ...baseOrder, ...(body as object) }],
  });
  const onClose = vi.fn();
  renderWithClient(<CreateOrderModal onClose={onClose} customerPicker={CustomerPicker} />);
  const form = screen.getByRole('form', { name: 'Create order' });
  return { calls, onClose, form };
}

describe('admin create-order form', { timeout: 20_000 }, () => {
  it("refuses what the route's schema refuses, with the server's messages, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls, form } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Create Order' }));
    expect(within(form).getByLabelText('Customer')).toHaveAccessibleDescription(adminMessages.customerRequired);
    expect(within(form).getByLabelText('Firearm Make')).toHaveAccessibleDescription(adminMessages.firearmMakeRequired);
    expect(within(form).getByLabelText('Firearm Model')).toHaveAccessibleDescription(adminMessages.firearmModelRequired);
    expect(within(form).getByLabelText('Serial Number')).toHaveAccessibleDescription(adminMessages.serialNumberRequired);
    expect(within(form).getByLabelText('Service Type')).toHaveAccessibleDescription(adminMessages.serviceTypeRequired);
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription(adminMessages.descriptionRequired);
    expect(within(form).getByLabelText('Estimated Cost ($)')).toHaveAccessibleDescription(adminMessages.estimatedCostInvalid);
    // Blank after trimming is blank, as on the server.
    await user.type(within(form).getByLabelText('Firearm Make'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Create Order' }));
    expect(within(form).getByLabelText('Firearm Make')).toHaveAccessibleDescription(adminMessages.firearmMakeRequired);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates the order for the chosen customer, trimmed and in cents (half-up)', async () => {
    const user = userEvent.setup();
    const { calls, form, onClose } = renderForm();
    await user.type(within(form).getByLabelText('Customer'), 'jane');
    await user.click(await within(form).findByRole('button', { name: /Jane Doe/ }));
    expect(within(form).getByTestId('selected-customer')).toHaveTextContent('jane.doe@example.com');
    await user.type(within(form).getByLabelText('Firearm Make'), ' Colt ');
    await user.type(within(form).getByLabelText('Firearm Model'), '1911');
    await user.type(within(form).getByLabelText('Serial Number'), 'C-123');
    await user.selectOptions(within(form).getByLabelText('Service Type'), 'Repair');
    await user.type(within(form).getByLabelText('Description'), 'Sticky slide');
    await user.type(within(form).getByLabelText('Estimated Cost ($)'), '89.995');
    await user.click(within(form).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      customerId: 'user-1',
      firearmMake: 'Colt',
      firearmModel: '1911',
      serialNumber: 'C-123',
      serviceType: 'Repair',
      description: 'Sticky slide',
      estimatedCostCents: 9000,
      // Shipped back by default, to the customer's mailing address (the server's default: no address sent).
      returnMethod: 'ship',
    });
  });
});

describe('New Order: the return', { timeout: 30_000 }, () => {
  it('ships to the address typed when the customer has none on file (a PO Box warned of, not refused)', async () => {
    const user = userEvent.setup();
    const { calls, form, onClose } = renderForm();
    await user.type(within(form).getByLabelText('Customer'), 'jane');
    await user.click(await within(form).findByRole('button', { name: /Jane Doe/ }));
    const ret = within(form).getByRole('group', { name: 'Return' });
    expect(within(ret).getByRole('radio', { name: 'Ship it back' })).toBeChecked();
    // No mailing address on file: the return address is typed here.
    expect(ret).toHaveTextContent(NO_MAILING_ADDRESS);
    await user.type(within(ret).getByLabelText('Street Address'), 'PO Box 12');
    await user.type(within(ret).getByLabelText('City'), 'Austin');
    await user.selectOptions(within(ret).getByLabelText('State'), 'TX');
    await user.type(within(ret).getByLabelText('ZIP Code'), '78701');
    expect(within(ret).getByTestId('po-box-warning')).toHaveTextContent(releaseCheckMessages.poBoxWarning);
    await user.type(within(form).getByLabelText('Firearm Make'), 'Colt');
    await user.type(within(form).getByLabelText('Firearm Model'), '1911');
    await user.type(within(form).getByLabelText('Serial Number'), 'C-123');
    await user.selectOptions(within(form).getByLabelText('Service Type'), 'Repair');
    await user.type(within(form).getByLabelText('Description'), 'Sticky slide');
    await user.type(within(form).getByLabelText('Estimated Cost ($)'), '90');
    await user.click(within(form).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ returnMethod: 'ship', returnAddress: { line1: 'PO Box 12', city: 'Austin', state: 'TX', postalCode: '78701' } });
  });

  it('a pickup sends no address', async () => {
    const user = userEvent.setup();
    const { calls, form, onClose } = renderForm();
    await user.type(within(form).getByLabelText('Customer'), 'jane');
    await user.click(await within(form).findByRole('button', { name: /Jane Doe/ }));
    const ret = within(form).getByRole('group', { name: 'Return' });
    await user.click(within(ret).getByRole('radio', { name: 'Pick up in person' }));
    expect(within(ret).queryByLabelText('Street Address')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Firearm Make'), 'Colt');
    await user.type(within(form).getByLabelText('Firearm Model'), '1911');
    await user.type(within(form).getByLabelText('Serial Number'), 'C-123');
    await user.selectOptions(within(form).getByLabelText('Service Type'), 'Repair');
    await user.type(within(form).getByLabelText('Description'), 'Sticky slide');
    await user.type(within(form).getByLabelText('Estimated Cost ($)'), '90');
    await user.click(within(form).getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ returnMethod: 'pickup' });
    expect(body).not.toHaveProperty('returnAddress');
  });
});
