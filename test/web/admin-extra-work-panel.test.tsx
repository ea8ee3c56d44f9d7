import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '@gs/shared/admin-messages';
import type { ExtraLine, Order, OrderDetail } from '@gs/shared/api-types';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { ExtraWorkPanel } from '@/features/admin-orders/components/extra-work-panel';
import { type RouteHandler, stubAdminApi } from './api-stub';
import { baseOrder, invoice, makeLine, makeRequest } from './fixtures';
import { renderWithClient } from './render';

const ORDER = `/api/admin/orders/${baseOrder.id}`;

/** The panel as the edit modal shows it: fed by the admin order query, so a change shows the server's answer. */
function Panel() {
  const order = useAdminOrder(baseOrder.id);
  return order.data ? <ExtraWorkPanel order={order.data} /> : <p>Loading</p>;
}

/** Serves the order from `state` (GET) and lets each route change it. */
function serve(initial: Order, routes: Record<string, (body: unknown, state: Order) => [number, unknown] | Order> = {}) {
  let state = initial;
  const handlers: Record<string, RouteHandler> = {
    [`GET ${ORDER}`]: () => [200, { ...state, updates: [], payments: [] } satisfies OrderDetail],
  };
  for (const [route, fn] of Object.entries(routes)) {
    handlers[route] = ({ body }) => {
      const out = fn(body, state);
      if (Array.isArray(out)) return out;
      state = out;
      return [route.startsWith('POST') && route.endsWith('/lines') ? 201 : 200, state];
    };
  }
  const api = stubAdminApi(handlers);
  renderWithClient(<Panel />);
  return api;
}

const billed = [
  makeLine({ id: 'p1', name: 'Hand spring', unitCents: 1250, quantity: 2 }),
  makeLine({ id: 'p2', kind: 'labor', name: 'Fit and test', unitCents: 3600 }),
];
const draft = makeLine({ id: 'p3', name: 'Barrel bushing', unitCents: 4500, state: 'draft', needsApproval: true });
const rejected = makeLine({ id: 'p4', kind: 'other', name: 'Rush fee', unitCents: 2000, state: 'rejected', needsApproval: true, requestId: 'r1' });
const billedInvoice = { ...invoice, partsCents: 2500, laborCents: 3600, taxCents: 194, totalCents: 12000 + 2500 + 3600 + 194 + 2500, balanceDueCents: 12000 + 2500 + 3600 + 194 + 2500 };

const error = (status: number, message: string, fields: Record<string, string> = {}): [number, unknown] => [status, { error: { code: status === 409 ? 'conflict' : 'validation_failed', message, fields } }];

// Typing is slow on a busy machine: a test may take several seconds.
describe('Parts and Additional Costs panel', { timeout: 20_000 }, () => {
  it('lists each line with kind, name, quantity, cost, line total and state, totals only the billed work, and shows the invoice', async () => {
    const pendingLine = makeLine({ id: 'p5', name: 'Extractor', unitCents: 4500, state: 'pending', needsApproval: true, requestId: 'r2' });
    serve({
      ...baseOrder,
      lines: [...billed, draft, rejected, pendingLine],
      approvalRequests: [makeRequest([rejected], { id: 'r1', status: 'rejected' }), makeRequest([pendingLine], { id: 'r2' })],
      invoice: { ...billedInvoice, pendingApprovalCents: 4500 },
    });
    const row = (await screen.findByText('Hand spring')).closest('tr')!;
    for (const text of ['Part', 'Hand spring', '2', '$12.50', '$25.00', 'Billed']) expect(row).toHaveTextContent(text);
    expect(screen.getAllByText('Fit and test')[0].closest('tr')).toHaveTextContent('Labor');
    expect(screen.getByText('Barrel bushing').closest('tr')).toHaveTextContent('Draft — needs approval');
    const rush = screen.getAllByText('Rush fee')[0].closest('tr');
    expect(rush).toHaveTextContent('Other charge');
    expect(rush).toHaveTextContent('Rejected');
    expect(screen.getAllByText('Extractor')[0].closest('tr')).toHaveTextContent('Awaiting approval');
    expect(screen.getByRole('button', { name: 'Remove Extractor' })).toBeDisabled();

    expect(screen.getByText('Total Additional Cost')).toBeInTheDocument();
    expect(screen.getByTestId('parts-total')).toHaveTextContent('$61.00');
    expect(screen.getByTestId('pending-total')).toHaveTextContent('$45.00');

    const summary = screen.getByRole('group', { name: 'Invoice summary' });
    expect(summary).toHaveTextContent('Tax (7.75% on parts)$1.94');
    expect(within(summary).getByTestId('invoice-total')).toHaveTextContent('$207.94');
    const cents = Array.from(summary.querySelectorAll('[data-bill-row] dd')).map((dd) => Number(dd.getAttribute('data-cents')));
    expect(cents.reduce((a, b) => a + b, 0)).toBe(20794);
    expect(within(summary).getByRole('group', { name: 'Awaiting approval: $45.00' })).toBeInTheDocument();
  });

  it('validates the add form with the spec messages', async () => {
    const user = userEvent.setup();
    const { calls } = serve(baseOrder);
    await screen.findByText('No parts or charges added yet.');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid cost')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Cost ($)'), '-3');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(screen.getByText('Please enter a valid cost')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a labor line in cents and shows the order the server answers with', async () => {
    const user = userEvent.setup();
    const { calls } = serve(baseOrder, {
      [`POST ${ORDER}/lines`]: (body, state) => {
        const b = body as { name: string; kind: ExtraLine['kind']; unitCents: number; quantity: number };
        const line = makeLine({ id: 'n1', kind: b.kind, name: b.name, unitCents: b.unitCents, quantity: b.quantity });
        return { ...state, version: state.version + 1, lines: [line], invoice: { ...state.invoice, laborCents: line.lineTotalCents, totalCents: state.invoice.totalCents + line.lineTotalCents } };
      },
    });
    await screen.findByText('No parts or charges added yet.');
    await user.selectOptions(screen.getByLabelText('Kind'), 'labor');
    await user.type(screen.getByLabelText('Name'), 'Action job');
    await user.type(screen.getByLabelText('Cost ($)'), '12.34');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(await screen.findByText('Action job')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'labor', name: 'Action job', unitCents: 1234, quantity: 3, needsApproval: false });
    expect(screen.getByTestId('parts-total')).toHaveTextContent('$37.02');
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("refuses what the route's schema refuses, in its words, and shows the server's 400 at the field", async () => {
    const user = userEvent.setup();
    const tooMuch = adminMessages.lineTotalTooLarge;
    const { calls } = serve(baseOrder, { [`POST ${ORDER}/lines`]: () => error(400, tooMuch, { unitCents: tooMuch }) });
    await screen.findByText('No parts or charges added yet.');
    await user.type(screen.getByLabelText('Name'), 'Gold inlay');
    await user.type(screen.getByLabelText('Cost ($)'), '999999');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Add to Order' }));
    // $1,999,998.00 is more than a line may total (addLineSchema): said at the cost, nothing sent.
    expect(screen.getByLabelText('Cost ($)')).toHaveAccessibleDescription(tooMuch);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The server refuses one the form let through: its message at the field and as an alert.
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '1');
    await user.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect((await screen.findAllByText(tooMuch))[0].closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByLabelText('Cost ($)')).toHaveAccessibleDescription(tooMuch);
  });

  it('asks before removing a line with the spec text and shows a refusal', async () => {
    const user = userEvent.setup();
    const below = 'This change would bring the total to $120.00, below the $200.00 already paid. Refund the difference first.';
    const { calls } = serve({ ...baseOrder, lines: billed, invoice: billedInvoice }, { [`DELETE ${ORDER}/lines/p1`]: () => error(400, below, { total: below }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Hand spring' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove this part?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Hand spring' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(below)).toBeInTheDocument();
  });

  it('removes a line and shows the new total', async () => {
    const user = userEvent.setup();
    serve({ ...baseOrder, lines: billed, invoice: billedInvoice }, {
      [`DELETE ${ORDER}/lines/p2`]: (_b, state) => ({ ...state, lines: [billed[0]], invoice: { ...state.invoice, laborCents: 0 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Fit and test' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Fit and test')).not.toBeInTheDocument());
    expect(screen.getByTestId('parts-total')).toHaveTextContent('$25.00');
  });
});

describe('requesting approval', { timeout: 20_000 }, () => {
  it('keeps Request Approval disabled while the reason is blank and shows the $0 refusal', async () => {
    const user = userEvent.setup();
    const zero = 'An approval request needs extra work costing more than $0.00: choose or add the parts or labor to approve';
    const { calls } = serve({ ...baseOrder, lines: [...billed, draft], invoice: billedInvoice }, {
      [`POST ${ORDER}/approval-request`]: () => error(400, zero, { lineIds: zero }),
    });
    const button = await screen.findByRole('button', { name: 'Request Approval' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Please provide a reason for the additional costs')).toBeInTheDocument();
    const reason = screen.getByLabelText('Reason for the additional costs');
    await user.type(reason, '   ');
    expect(button).toBeDisabled();

    // Only unbilled lines can be asked for; a draft is chosen to begin with.
    const box = screen.getByRole('checkbox', { name: /Barrel bushing/ });
    expect(box).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Hand spring/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('request-amount')).toHaveTextContent('The customer is asked for $48.49');
    await user.click(box);
    expect(screen.getByTestId('request-amount')).toHaveTextContent('The customer is asked for $0.00');

    await user.type(reason, 'Bushing is cracked');
    expect(button).toBeEnabled();
    await user.click(button);
    expect((await screen.findByText(zero)).closest('[role="alert"]')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approval-request'))?.body).toEqual({ reason: 'Bushing is cracked', lineIds: [], lines: [] });
  });

  it('requests approval for the chosen lines, shows the request waiting with Withdraw, and withdraws it', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ ...baseOrder, lines: [draft, rejected], approvalRequests: [makeRequest([rejected], { id: 'r1', status: 'rejected', rejectionReason: 'Too expensive', decidedAt: '2026-01-06T10:00:00.000Z' })] }, {
      [`POST ${ORDER}/approval-request`]: (body, state) => {
        const ids = (body as { lineIds: string[] }).lineIds;
        const lines = state.lines.map((l) => (ids.includes(l.id) ? { ...l, state: 'pending' as const, requestId: 'r2' } : l));
        return { ...state, lines, approvalRequests: [...state.approvalRequests, makeRequest(lines.filter((l) => l.requestId === 'r2'), { id: 'r2', reason: (body as { reason: string }).reason })], invoice: { ...state.invoice, pendingApprovalCents: 6500 } };
      },
      [`POST ${ORDER}/approval-requests/r2/withdraw`]: (_b, state) => ({
        ...state,
        lines: state.lines.map((l) => (l.requestId === 'r2' ? { ...l, state: 'draft' as const } : l)),
        approvalRequests: state.approvalRequests.map((r) => (r.id === 'r2' ? { ...r, status: 'withdrawn' as const, decidedAt: '2026-01-08T10:00:00.000Z' } : r)),
        invoice: { ...state.invoice, pendingApprovalCents: 0 },
      }),
    });
    await user.click(await screen.findByRole('checkbox', { name: /Rush fee/ }));
    await user.type(screen.getByLabelText('Reason for the additional costs'), 'Bushing and rush');
    await user.click(screen.getByRole('button', { name: 'Request Approval' }));
    expect(await screen.findByText('Approval requested. The customer has been notified.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approval-request'))?.body).toEqual({ reason: 'Bushing and rush', lineIds: ['p3', 'p4'], lines: [] });

    const waiting = screen.getByTestId('pending-request');
    expect(waiting).toHaveTextContent("Waiting for the customer's answer: $68.49");
    expect(waiting).toHaveTextContent('Bushing and rush');
    expect(screen.queryByRole('button', { name: 'Request Approval' })).not.toBeInTheDocument();

    // The history: newest first, with amount, reason, status, decided date and rejection reason.
    const requests = () => Array.from(screen.getByRole('list', { name: 'Approval requests' }).children) as HTMLElement[];
    const history = requests();
    expect(history[0]).toHaveTextContent('$68.49');
    expect(history[0]).toHaveTextContent('Awaiting answer');
    expect(history[1]).toHaveTextContent('$20.00');
    expect(history[1]).toHaveTextContent('Rejected');
    expect(history[1]).toHaveTextContent(/Rejected Jan 6, 2026/);
    expect(history[1]).toHaveTextContent("Customer's reason: Too expensive");

    await user.click(within(waiting).getByRole('button', { name: 'Withdraw Request' }));
    expect(await screen.findByRole('button', { name: 'Request Approval' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/approval-requests/r2/withdraw'))).toBe(true);
    expect(requests()[0]).toHaveTextContent('Withdrawn');
  });

  it("shows the server's 409 when another request is already waiting, and the failure text otherwise", async () => {
    const user = userEvent.setup();
    const busy = 'The customer has not answered the last approval request yet. Withdraw it before asking again.';
    let reply: [number, unknown] = error(409, busy);
    serve({ ...baseOrder, lines: [draft] }, { [`POST ${ORDER}/approval-request`]: () => reply });
    await user.type(await screen.findByLabelText('Reason for the additional costs'), 'Bushing');
    await user.click(screen.getByRole('button', { name: 'Request Approval' }));
    expect((await screen.findByText(busy)).closest('[role="alert"]')).toBeInTheDocument();
    reply = [500, { error: { code: 'internal', message: 'boom' } }];
    await user.click(screen.getByRole('button', { name: 'Request Approval' }));
    expect(await screen.findByText('Failed to request approval. Please try again.')).toBeInTheDocument();
  });
});
