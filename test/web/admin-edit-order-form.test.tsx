import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditOrderForm } from '../../web/src/features/admin-orders/components/edit-order-form';
import { baseOrder, renderWithClient, stubAdminApi, type Reply } from './admin-api';

const ORDER_PATH = `/api/admin/orders/${baseOrder.id}`;

function renderForm(order = baseOrder, onReload = vi.fn(async () => ({ ...baseOrder, version: 4, description: 'Changed by Sam' }))) {
  const onSaved = vi.fn();
  renderWithClient(<EditOrderForm order={order} onSaved={onSaved} onCancel={() => undefined} onReload={onReload} />);
  return { onSaved, onReload };
}

describe('admin order edit form', () => {
  it('shows every field with the order values', () => {
    stubAdminApi({});
    renderForm();
    expect(screen.getByLabelText('Firearm Make')).toHaveValue('Glock');
    expect(screen.getByLabelText('Firearm Model')).toHaveValue('19');
    expect(screen.getByLabelText('Serial Number')).toHaveValue('ABC123');
    expect(screen.getByLabelText('Service Type')).toHaveValue('Repair');
    expect(screen.getByLabelText('Description')).toHaveValue('Trigger reset issue');
    expect(screen.getByLabelText('Estimated Cost ($)')).toHaveValue(120);
    expect(screen.getByLabelText('Status')).toHaveValue('in_progress');
    expect(screen.getByRole('option', { name: 'Work In Progress' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status Note')).toHaveValue('');
    expect(screen.getByLabelText('Inbound Tracking Number')).toHaveValue('');
    expect(screen.getByLabelText('Outbound Tracking Number')).toHaveValue('');
    expect(screen.getByLabelText('Additional Cost ($)')).toHaveValue(0);
    expect(screen.getByLabelText('Approval Status')).toHaveValue('not_required');
    expect(screen.getByLabelText('Approval Note')).toHaveValue('');
  });

  it('keeps Request Approval disabled while the note is blank and while a request runs', async () => {
    const user = userEvent.setup();
    let finish!: (reply: [number, unknown]) => void;
    const { calls } = stubAdminApi({
      [`POST ${ORDER_PATH}/approval-request`]: () => new Promise<[number, unknown]>((resolve) => (finish = resolve)) as Reply,
    });
    renderForm();
    const button = screen.getByRole('button', { name: 'Request Approval' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Please provide a reason for the additional costs')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Approval Note'), '   ');
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Approval Note'), 'Needs a new extractor');
    expect(button).toBeEnabled();
    expect(screen.queryByText('Please provide a reason for the additional costs')).not.toBeInTheDocument();

    await user.click(button);
    const running = await screen.findByRole('button', { name: 'Requesting...' });
    expect(running).toBeDisabled();
    expect(calls.find((c) => c.path.endsWith('/approval-request'))?.body).toEqual({ reason: 'Needs a new extractor' });

    finish([200, { ...baseOrder, version: 4, additionalCostApprovalStatus: 'pending', additionalCostApprovalNote: 'Needs a new extractor' }]);
    expect(await screen.findByText('Approval requested. The customer has been notified.')).toBeInTheDocument();
    expect(screen.getByLabelText('Approval Status')).toHaveValue('pending');
    expect(screen.getByRole('button', { name: 'Request Approval' })).toBeEnabled();
  });

  it('shows the failure text when the approval request fails', async () => {
    const user = userEvent.setup();
    stubAdminApi({ [`POST ${ORDER_PATH}/approval-request`]: [500, { error: { code: 'internal', message: 'boom' } }] });
    renderForm();
    await user.type(screen.getByLabelText('Approval Note'), 'Barrel');
    await user.click(screen.getByRole('button', { name: 'Request Approval' }));
    expect(await screen.findByText('Failed to request approval. Please try again.')).toBeInTheDocument();
  });

  it('saves with the version it was loaded from, in cents', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`PATCH ${ORDER_PATH}`]: ({ body }) => [200, { ...baseOrder, ...(body as object), version: 4 }] });
    const { onSaved } = renderForm();
    await user.clear(screen.getByLabelText('Estimated Cost ($)'));
    await user.type(screen.getByLabelText('Estimated Cost ($)'), '150.25');
    await user.selectOptions(screen.getByLabelText('Status'), 'work_complete');
    await user.type(screen.getByLabelText('Status Note'), 'Test fired, all good');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      version: 3,
      estimatedCostCents: 15025,
      currentStatus: 'work_complete',
      statusNote: 'Test fired, all good',
      additionalCostCents: 0,
      inboundTrackingNumber: null,
    });
  });

  it('explains a 409 and reloads the order on request', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      [`PATCH ${ORDER_PATH}`]: [409, { error: { code: 'conflict', message: 'This order was changed by someone else. Reload it and apply your changes again.' } }],
    });
    const { onSaved, onReload } = renderForm();
    await user.type(screen.getByLabelText('Outbound Tracking Number'), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('This order was changed by someone else. Reload it and apply your changes again.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('Changed by Sam'));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('shows the generic failure and the required-field messages', async () => {
    const user = userEvent.setup();
    stubAdminApi({ [`PATCH ${ORDER_PATH}`]: [500, { error: { code: 'internal', message: 'An unexpected error occurred' } }] });
    renderForm();
    await user.clear(screen.getByLabelText('Firearm Make'));
    await user.clear(screen.getByLabelText('Description'));
    await user.clear(screen.getByLabelText('Estimated Cost ($)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Firearm make is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid estimated cost')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Firearm Make'), 'Glock');
    await user.type(screen.getByLabelText('Description'), 'Fix');
    await user.type(screen.getByLabelText('Estimated Cost ($)'), '10');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update order. Please try again.')).toBeInTheDocument();
  });
});
