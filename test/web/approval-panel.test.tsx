import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@gs/shared/api-types';
import { approvalConfirmText } from '@gs/shared/order-messages';
import { ApprovalPanel } from '@/features/orders/components/approval-panel';
import { customer, resetFakeAuth } from './fake-auth-client';
import { type ApiCall, stubApiRoutes } from './api-stub';
import { makeOrder, makeRequest, ORDER_ID, pendingOrder, requestedLines } from './fixtures';
import { renderApp, renderWithClient } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

const PENDING = 'Action required: Approval needed for additional costs';
const APPROVED = 'Customer approved additional costs - Ready to order parts';
const REJECTED = 'Customer rejected additional costs - Needs attention';

const renderPanel = (order: Order) => renderWithClient(<ApprovalPanel order={order} />);

/** The dashboard with one order; the approval route answers with `decide`. */
function renderDashboard(order: Order, decide: (call: ApiCall) => [number, unknown]) {
  let current = order;
  const api = stubApiRoutes((call) => {
    if (call.method === 'GET' && call.path === '/api/orders') return [200, { items: [current], cursor: null }];
    if (call.method === 'GET' && call.path === `/api/orders/${ORDER_ID}/updates`) return [200, { items: [], cursor: null }];
    if (call.method === 'POST' && call.path === `/api/orders/${ORDER_ID}/approval`) {
      const reply = decide(call);
      if (reply[0] === 200) current = reply[1] as Order;
      return reply;
    }
    return undefined;
  });
  renderApp('/dashboard');
  return api;
}

/** Approve, then the dialog's confirm (the amount on its button): what sends the approval. */
async function approveAndConfirm(user: ReturnType<typeof userEvent.setup>, panel: HTMLElement, amount = '$129.65') {
  await user.click(within(panel).getByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: approvalConfirmText.title });
  await user.click(within(dialog).getByRole('button', { name: approvalConfirmText.confirm(amount) }));
}

async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Glock 19 Gen 5/ }));
  const panel = screen.getByRole('region', { name: 'Additional Costs Approval' });
  return { user, panel };
}

describe('approval panel', { timeout: 20_000 }, () => {
  beforeEach(() => resetFakeAuth(customer));

  it('is hidden when no approval was requested, or the only request was withdrawn', () => {
    renderPanel(makeOrder());
    expect(screen.queryByRole('region', { name: 'Additional Costs Approval' })).not.toBeInTheDocument();
    const lines = requestedLines('draft');
    renderPanel(makeOrder({ lines, approvalRequests: [makeRequest(lines, { status: 'withdrawn' })] }));
    expect(screen.queryByRole('region', { name: 'Additional Costs Approval' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it("shows the request's own lines, subtotal, tax and total, its reason and the pending banner with Approve and Reject", () => {
    renderPanel(pendingOrder());
    const panel = screen.getByRole('region', { name: 'Additional Costs Approval' });
    expect(panel).toHaveTextContent('Replacement extractor and firing pin spring');
    const rows = within(within(panel).getByRole('table', { name: 'Requested work' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'ItemAmount',
      'Extractor$45.00',
      'Firing pin spring$15.00',
      'Install and test fire$65.00',
      'Subtotal$125.00',
      'Tax (7.75% on parts)$4.65',
      'Total to approve$129.65',
    ]);
    expect(within(panel).getByTestId('request-total')).toHaveTextContent('$129.65');
    expect(within(panel).getByText(PENDING)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('shows the decision banners without buttons once decided', () => {
    renderPanel(pendingOrder({}, { status: 'approved' }));
    expect(screen.getByText(APPROVED)).toBeInTheDocument();
    expect(screen.getByText('Approved on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    renderPanel(pendingOrder({}, { status: 'rejected', reason: 'Too expensive' }));
    expect(screen.getByText(REJECTED)).toBeInTheDocument();
    expect(screen.getByText('Too expensive')).toBeInTheDocument();
  });

  it('approves the request it shows and the banner changes to the approved text', async () => {
    const api = renderDashboard(pendingOrder(), () => [200, pendingOrder({}, { status: 'approved' })]);
    const { user, panel } = await openPanel();
    expect(within(panel).getByText(PENDING)).toBeInTheDocument();
    expect(screen.getByText('Action Required')).toBeInTheDocument();

    await approveAndConfirm(user, panel);

    expect(await within(panel).findByText(APPROVED)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByText('Action Required')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'approve', requestId: 'req-1' });
  });

  it('Approve asks first, naming the amount and the work: Cancel and Escape send nothing, the focus stays in the dialog', async () => {
    const api = renderDashboard(pendingOrder(), () => [200, pendingOrder({}, { status: 'approved' })]);
    const { user, panel } = await openPanel();
    const approveButton = within(panel).getByRole('button', { name: 'Approve' });
    await user.click(approveButton);

    const dialog = await screen.findByRole('dialog', { name: approvalConfirmText.title });
    expect(dialog).toHaveAccessibleDescription(approvalConfirmText.intro('$129.65', pendingOrder().orderNumber));
    const items = within(within(dialog).getByRole('list', { name: 'Work to approve' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Extractor$45.00', 'Firing pin spring$15.00', 'Install and test fire$65.00', 'Tax (7.75% on parts)$4.65', 'Total$129.65']);
    const cancel = within(dialog).getByRole('button', { name: approvalConfirmText.cancel });
    const confirm = within(dialog).getByRole('button', { name: approvalConfirmText.confirm('$129.65') });
    // Cancel has the focus, and Tab goes round inside the dialog.
    expect(cancel).toHaveFocus();
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(approveButton).toHaveFocus();
    await user.click(approveButton);
    await screen.findByRole('dialog', { name: approvalConfirmText.title });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(panel).getByText(PENDING)).toBeInTheDocument();

    await approveAndConfirm(user, panel);
    expect(await within(panel).findByText(APPROVED)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(confirm).not.toBeInTheDocument();
  });

  it('requires a reason to reject, then rejects with it', async () => {
    const api = renderDashboard(pendingOrder(), (call) => [200, pendingOrder({}, { status: 'rejected', reason: (call.body as { reason: string }).reason })]);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    const reason = within(panel).getByLabelText('Reason for rejecting');
    await user.type(reason, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Confirm Rejection' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please provide a reason for rejecting the additional costs');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(reason);
    await user.type(reason, ' I will source the parts myself ');
    await user.click(within(panel).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await within(panel).findByText(REJECTED)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'reject', reason: 'I will source the parts myself', requestId: 'req-1' });
  });

  it("shows the server's answer when the request is no longer waiting", async () => {
    renderDashboard(pendingOrder(), () => [409, { error: { code: 'conflict', message: 'There is no pending approval request for this order' } }]);
    const { user, panel } = await openPanel();
    await approveAndConfirm(user, panel);
    expect(await within(panel).findByText('There is no pending approval request for this order')).toBeInTheDocument();
  });

  it('says so when approving or rejecting fails', async () => {
    renderDashboard(pendingOrder(), () => [500, { error: { code: 'internal', message: 'boom' } }]);
    const { user, panel } = await openPanel();
    await approveAndConfirm(user, panel);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Failed to approve costs. Please try again.');
    expect(within(panel).getByText(PENDING)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    await user.type(within(panel).getByLabelText('Reason for rejecting'), 'No thanks');
    await user.click(within(panel).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await within(panel).findByText('Failed to reject costs. Please try again.')).toBeInTheDocument();
  });
});
