import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@gs/shared/api-types';
import { EditOrderForm } from '@/features/admin-orders/components/edit-order-form';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeLine, makeRequest } from './fixtures';
import { renderWithClient } from './render';

const ORDER_PATH = `/api/admin/orders/${baseOrder.id}`;
/** Its firearm received (the intake): the statuses of the work are the book's to allow. */
const intake = { receivedOn: '2026-01-05', from: 'customer' as const, fromName: 'Jane Doe', fromLicense: null, fromAddress: '12 Main St, Springfield, IL 62701', conditionNotes: '', itemsReceived: '', recordedAt: '2026-01-05T12:00:00.000Z' };
const received: Order = { ...baseOrder, intake };
/** Released too (Release Firearm recorded its disposition): the statuses that say it left. */
const released: Order = { ...received, currentStatus: 'payment_needed', release: { releasedOn: '2026-01-07', method: 'ship', to: 'customer', toName: 'Jane Doe', toLicense: null, toAddress: intake.fromAddress, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', idType: null, idIssuer: null, idLast4: null, recipientIsDeliverer: null, form4473Ref: null, adultSignature: null, recordedAt: '2026-01-07T12:00:00.000Z' } };

function renderForm(order = baseOrder, onReload = vi.fn(async () => ({ ...baseOrder, version: 4, description: 'Changed by Sam' }))) {
  const onSaved = vi.fn();
  renderWithClient(<EditOrderForm order={order} onSaved={onSaved} onCancel={() => undefined} onReload={onReload} />);
  return { onSaved, onReload };
}

describe('admin order edit form', { timeout: 20_000 }, () => {
  it('shows every field with the order values, and the extra work as one read-only figure', () => {
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
    // The additional cost, its approval status and note moved to Parts and Additional Costs.
    expect(screen.queryByLabelText(/Additional Cost/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Approval Status')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Approval Note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Approval' })).not.toBeInTheDocument();
    expect(screen.getByTestId('extra-work')).toHaveTextContent('Billed $0.00');
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
  });

  it('breaks the extra work down by state and request', () => {
    stubAdminApi({});
    const lines = [
      makeLine({ id: 'a', unitCents: 2500 }),
      makeLine({ id: 'b', kind: 'labor', unitCents: 3600 }),
      makeLine({ id: 'c', unitCents: 4500, state: 'pending', needsApproval: true, requestId: 'r2' }),
      makeLine({ id: 'd', kind: 'other', unitCents: 2000, state: 'rejected', needsApproval: true, requestId: 'r1' }),
      makeLine({ id: 'e', kind: 'other', unitCents: 1000, state: 'draft', needsApproval: true }),
    ];
    const order: Order = {
      ...baseOrder,
      lines,
      approvalRequests: [
        makeRequest([lines[3]], { id: 'r1', status: 'rejected', requestedAt: '2026-11-01T15:00:00.000Z' }),
        makeRequest([lines[2]], { id: 'r2', requestedAt: '2026-11-03T15:00:00.000Z' }),
      ],
      invoice: { ...baseOrder.invoice, partsCents: 2500, laborCents: 3600, pendingApprovalCents: 4500 },
    };
    renderForm(order);
    expect(screen.getByTestId('extra-work')).toHaveTextContent(
      'Billed $61.00 · Awaiting approval $45.00 (request of Nov 3, 2026) · Rejected $20.00 (request of Nov 1, 2026) · Draft $10.00 (not requested yet)',
    );
  });

  it('saves with the version it was loaded from, in cents', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`PATCH ${ORDER_PATH}`]: ({ body }) => [200, { ...received, ...(body as object), version: 4 }] });
    const { onSaved } = renderForm(received);
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
      inboundTrackingNumber: null,
    });
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(Object.keys(body).filter((k) => k.startsWith('additionalCost'))).toEqual([]);
    expect(body).not.toHaveProperty('releaseOverrideReason');
  });

  it('asks for an override reason to release an order with a balance due, and sends it', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`PATCH ${ORDER_PATH}`]: ({ body }) => [200, { ...released, ...(body as object), version: 4 }] });
    const { onSaved } = renderForm(released);
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    const reason = screen.getByLabelText('Override reason');
    const refusal = 'This order has a balance due of $145.00: a firearm is released only after full payment. Collect the payment before setting it to Shipped, or give an override reason.';
    expect(reason).toHaveAccessibleDescription(refusal);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(reason).toHaveAccessibleDescription(refusal);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(reason, 'Paid in cash at the counter');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ currentStatus: 'shipped', releaseOverrideReason: 'Paid in cash at the counter' });

    // No balance due: no reason is asked.
    cleanup();
    renderForm({ ...released, invoice: { ...baseOrder.invoice, amountPaidCents: 14500, balanceDueCents: 0, paymentStatus: 'paid' } });
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
  });

  it("maps the server's 400 field errors to the fields, the release refusal at the override reason", async () => {
    const user = userEvent.setup();
    const refusal = 'This order has a balance due of $20.00: a firearm is released only after full payment. Collect the payment before setting it to Ready For Pickup, or give an override reason.';
    let reply: [number, unknown] = [400, { error: { code: 'validation_failed', message: refusal, fields: { currentStatus: refusal, releaseOverrideReason: refusal } } }];
    const { calls } = stubAdminApi({ [`PATCH ${ORDER_PATH}`]: () => reply });
    // The form's copy says nothing is owed; the server knows better.
    renderForm({ ...received, invoice: { ...baseOrder.invoice, amountPaidCents: 14500, balanceDueCents: 0, paymentStatus: 'paid' } });
    await user.selectOptions(screen.getByLabelText('Status'), 'ready_for_pickup');
    expect(screen.queryByLabelText('Override reason')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const reason = await screen.findByLabelText('Override reason');
    expect(reason).toHaveAccessibleDescription(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(await screen.findByText('Failed to update order. Please try again.')).toBeInTheDocument();

    reply = [400, { error: { code: 'validation_failed', message: 'Please enter a valid estimated cost', fields: { estimatedCostCents: 'Please enter a valid estimated cost' } } }];
    await user.type(reason, 'Customer pays on pickup');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByLabelText('Estimated Cost ($)')).toHaveAccessibleDescription('Please enter a valid estimated cost'));
    expect(calls.at(-1)?.body).toMatchObject({ currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Customer pays on pickup' });
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
