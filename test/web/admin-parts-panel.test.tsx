import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PartsPanel } from '../../web/src/features/admin-orders/components/parts-panel';
import { baseOrder, invoice, renderWithClient, stubAdminApi } from './admin-api';

const PARTS = `/api/admin/orders/${baseOrder.id}/parts`;
const part = (id: string, partName: string, partCostCents: number, quantity: number) => ({
  id, orderId: baseOrder.id, partName, partDescription: null, partCostCents, quantity, lineTotalCents: partCostCents * quantity, createdAt: '2026-01-05T10:00:00.000Z', createdBy: 'admin-1',
});

describe('Parts and Additional Costs panel', () => {
  it('lists parts with quantity, cost, line total and the total additional cost', async () => {
    stubAdminApi({ [`GET ${PARTS}`]: [200, { items: [part('p1', 'Extractor', 2500, 2), part('p2', 'Spring', 350, 1)] }] });
    renderWithClient(<PartsPanel order={{ ...baseOrder, invoice: { ...invoice, partsCents: 5350, taxCents: 415 } }} />);
    const row = (await screen.findByText('Extractor')).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    expect(within(row).getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('Total Additional Cost')).toBeInTheDocument();
    expect(screen.getByTestId('parts-total')).toHaveTextContent('$53.50');
    const summary = screen.getByRole('group', { name: 'Invoice summary' });
    expect(summary).toHaveTextContent('Tax (7.75% on parts)$4.15');
  });

  it('validates the add-part form with the spec messages', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ [`GET ${PARTS}`]: [200, { items: [] }] });
    renderWithClient(<PartsPanel order={baseOrder} />);
    await screen.findByText('No parts added yet.');

    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(screen.getByText('Part name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid cost')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Part Cost ($)'), '-3');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(screen.getByText('Please enter a valid cost')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a part in cents and re-reads the parts', async () => {
    const user = userEvent.setup();
    let items = [] as ReturnType<typeof part>[];
    const { calls } = stubAdminApi({
      [`GET ${PARTS}`]: () => [200, { items }],
      [`POST ${PARTS}`]: ({ body }) => {
        const b = body as { partName: string; partCostCents: number; quantity: number };
        items = [part('p9', b.partName, b.partCostCents, b.quantity)];
        return [201, items[0]];
      },
    });
    renderWithClient(<PartsPanel order={baseOrder} />);
    await screen.findByText('No parts added yet.');
    await user.type(screen.getByLabelText('Part Name'), 'Firing pin');
    await user.type(screen.getByLabelText('Part Cost ($)'), '12.34');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Firing pin')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ partName: 'Firing pin', partCostCents: 1234, quantity: 3 });
    expect(screen.getByTestId('parts-total')).toHaveTextContent('$37.02');
    expect(screen.getByLabelText('Part Name')).toHaveValue('');
  });

  it('asks before removing a part and shows a failure', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      [`GET ${PARTS}`]: [200, { items: [part('p1', 'Extractor', 2500, 1)] }],
      [`DELETE ${PARTS}/p1`]: [500, { error: { code: 'internal', message: 'x' } }],
    });
    renderWithClient(<PartsPanel order={baseOrder} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Extractor' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to remove this part?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Extractor' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to delete part. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows the load failure', async () => {
    stubAdminApi({ [`GET ${PARTS}`]: [500, { error: { code: 'internal', message: 'x' } }] });
    renderWithClient(<PartsPanel order={baseOrder} />);
    expect(await screen.findByText('Failed to load parts. Please try again.')).toBeInTheDocument();
  });
});
