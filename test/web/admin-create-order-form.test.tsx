import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminMessages } from '@gs/shared/admin-messages';
import type { CustomerRow } from '@gs/shared/api-types';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { CreateOrderModal } from '@/features/admin-orders/components/create-order-form';
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
    });
  });
});
