import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CustomersPage } from '@gs/shared/api-types';
import { EditOrderModal } from '@/features/admin-orders/components/edit-order-modal';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeProfile } from './fixtures';
import { renderWithClient } from './render';

const ORDER_PATH = `/api/admin/orders/${baseOrder.id}`;

/** The editor with the Firearm & A&D Book panel's intake form open, the customer's address filled in from the customer list. */
async function openIntake() {
  const customers: CustomersPage = {
    items: [{ ...makeProfile({ id: baseOrder.customerId, email: baseOrder.customerEmail, address: { line1: '12 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' } }), orderCount: 1, latestOrder: null }],
    cursor: null,
  };
  stubAdminApi({
    [`GET ${ORDER_PATH}`]: [200, { ...baseOrder, updates: [], updatesCursor: null, payments: [] }],
    [`GET ${ORDER_PATH}/updates`]: [200, { items: [], cursor: null }],
    [`GET ${ORDER_PATH}/notifications`]: [200, { items: [], cursor: null }],
    'GET /api/admin/customers': [200, customers],
  });
  const onClose = vi.fn();
  renderWithClient(<EditOrderModal orderId={baseOrder.id} onClose={onClose} onSaved={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: `Edit Order ${baseOrder.orderNumber}` });
  const panel = within(dialog).getByRole('region', { name: 'Firearm & A&D Book' });
  await userEvent.setup().click(within(panel).getByRole('button', { name: 'Receive Firearm' }));
  const intake = within(panel).getByRole('form', { name: 'Receive firearm' });
  await waitFor(() => expect(within(intake).getByLabelText('Street Address')).toHaveValue('12 Main St'));
  return { onClose, intake };
}

const discardDialog = () => screen.queryByRole('dialog', { name: 'Discard unsaved changes?' });

describe('Firearm & A&D Book panel: unsaved changes', { timeout: 20_000 }, () => {
  it('an intake form opened, with only what was filled in for the admin, closes at once', async () => {
    const { onClose } = await openIntake();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(discardDialog()).not.toBeInTheDocument();
  });

  it('asks before discarding an intake typed and not recorded', async () => {
    const user = userEvent.setup();
    const { onClose, intake } = await openIntake();
    await user.type(within(intake).getByLabelText('Condition Notes'), 'Rust on the slide');
    await user.keyboard('{Escape}');
    expect(discardDialog()).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
