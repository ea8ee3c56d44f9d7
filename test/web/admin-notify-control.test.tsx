// The order editor's control over what the customer is told: "Notify customer" (checked by default) and
// "Internal note (staff only)" on the status panel, and the staff timeline marking internal entries.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StatusHistoryPanel } from '@/features/admin-orders/components/status-history-panel';
import { WorkOrderSheet } from '@/components/work-order/work-order-sheet';
import { DEFAULT_SHOP } from '@gs/shared/shop';
import { adminMessages } from '@gs/shared/admin-messages';
import { customerToldTexts as t } from '@gs/shared/customer-told';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeDetail, makeOrder, makeUpdate } from './fixtures';
import { renderWithClient } from './render';

const UPDATES = `/api/admin/orders/${baseOrder.id}/updates`;
const intake = { receivedOn: '2026-01-05', from: 'customer' as const, fromName: 'Jane Doe', fromLicense: null, fromAddress: '12 Main St, Springfield, IL 62701', conditionNotes: '', itemsReceived: '', recordedAt: '2026-01-05T12:00:00.000Z' };
const internalNote = makeUpdate({ id: 'u9', orderId: baseOrder.id, status: baseOrder.currentStatus, notes: 'Customer was rude on the phone', internal: true });
const visible = makeUpdate({ id: 'u8', orderId: baseOrder.id, status: baseOrder.currentStatus, notes: 'Parts ordered' });
const detail = { ...baseOrder, intake, updates: [internalNote, visible], payments: [] };
const render = () => renderWithClient(<StatusHistoryPanel order={detail} isError={false} isFetching={false} onRefresh={() => undefined} />);

describe('Notify customer and internal notes in the status panel', { timeout: 20_000 }, () => {
  it('marks internal entries "Internal" on the staff timeline, and only those', () => {
    stubAdminApi({});
    render();
    const items = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(within(items[0]).getByText(t.internalBadge)).toBeInTheDocument();
    expect(within(items[1]).queryByText(t.internalBadge)).not.toBeInTheDocument();
  });

  it('notifies by default; unchecked, the post says notifyCustomer: false', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`POST ${UPDATES}`]: [201, visible] });
    render();
    const notify = screen.getByRole('checkbox', { name: t.notifyCustomer });
    expect(notify).toBeChecked();
    await user.type(screen.getByLabelText('Message'), 'Quiet update');
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Post Update' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: baseOrder.currentStatus, notes: 'Quiet update', notifyCustomer: false });
    // The form is back to its defaults: notify checked.
    expect(screen.getByRole('checkbox', { name: t.notifyCustomer })).toBeChecked();
  });

  it('an internal note: notify goes off and disabled, it needs text, keeps the status, and posts internal: true', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`POST ${UPDATES}`]: [201, internalNote] });
    render();
    await user.click(screen.getByRole('checkbox', { name: t.internalNote }));
    const notify = screen.getByRole('checkbox', { name: t.notifyCustomer });
    expect(notify).not.toBeChecked();
    expect(notify).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Internal Note' }));
    expect(screen.getByText(adminMessages.messageEmpty)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'parts_needed');
    await user.type(screen.getByLabelText('Message'), 'Check the serial twice');
    await user.click(screen.getByRole('button', { name: 'Add Internal Note' }));
    expect(screen.getByText(adminMessages.internalChangesStatus)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Status'), baseOrder.currentStatus);
    await user.click(screen.getByRole('button', { name: 'Add Internal Note' }));
    expect(await screen.findByText('Note added successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: baseOrder.currentStatus, notes: 'Check the serial twice', internal: true });
  });
});

describe('the work order the customer signs', () => {
  it('prints no internal entry (an internal note, a release override reason)', () => {
    const detail = makeDetail(makeOrder(), {
      updates: [
        makeUpdate({ id: 'a', notes: 'Released with a balance due of $50.00: long-time customer', status: 'release_override', internal: true }),
        makeUpdate({ id: 'b', notes: 'Customer was rude on the phone', internal: true }),
        makeUpdate({ id: 'c', notes: 'Parts ordered' }),
      ],
    });
    renderWithClient(<WorkOrderSheet order={detail} shop={DEFAULT_SHOP} />);
    expect(screen.getByText('Parts ordered')).toBeInTheDocument();
    expect(screen.queryByText(/long-time customer/)).not.toBeInTheDocument();
    expect(screen.queryByText('Customer was rude on the phone')).not.toBeInTheDocument();
  });
});
