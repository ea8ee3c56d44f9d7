import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceType, ServiceTypeList } from '@gs/shared/api-types';
import { serviceTypeMessages } from '@gs/shared/service-types';
import { ServiceTypesPanel } from '@/features/admin-settings/components/service-types-panel';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { ExtraWorkPanel } from '@/features/admin-orders/components/extra-work-panel';
import { baseOrder, makeLine } from './fixtures';
import { stubAdminApi } from './api-stub';
import { renderWithClient } from './render';

const type = (over: Partial<ServiceType>): ServiceType => ({
  id: 't1',
  name: 'Trigger Job',
  kind: 'labor',
  defaultPriceCents: null,
  defaultHoursHundredths: 150,
  taxable: false,
  active: true,
  sortOrder: 10,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});
const LIST: ServiceTypeList = {
  items: [type({}), type({ id: 't2', name: 'Cerakote', kind: 'service', defaultPriceCents: 15000, defaultHoursHundredths: null, taxable: true }), type({ id: 't3', name: 'Old Polish', kind: 'service', defaultPriceCents: 500, defaultHoursHundredths: null, active: false })],
  laborRateCents: 8000,
};

describe('Settings → Service Types', { timeout: 20_000 }, () => {
  it('lists the price list with each default (labor at the shop rate), taxable and inactive types marked', async () => {
    stubAdminApi({ 'GET /api/admin/service-types': [200, LIST] });
    renderWithClient(<ServiceTypesPanel />);
    const list = await screen.findByRole('list', { name: 'Service types' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Trigger JobLabor (by the hour) · 1.5 h × $80.00');
    expect(items[1]).toHaveTextContent('Flat service · $150.00');
    expect(items[1]).toHaveTextContent('Taxable');
    expect(items[2]).toHaveTextContent('Inactive');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('the owner adds a labor type: hours as hundredths, no price; a name in use is said on the field', async () => {
    let tries = 0;
    const api = stubAdminApi({
      'GET /api/admin/service-types': [200, LIST],
      'POST /api/admin/service-types': () => (++tries === 1 ? [409, { error: { code: 'conflict', message: serviceTypeMessages.nameTaken, fields: {} } }] : [201, type({ id: 't9', name: 'Action Job' })]),
    });
    const user = userEvent.setup();
    renderWithClient(<ServiceTypesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add Service Type' }));
    const form = screen.getByRole('form', { name: 'New service type' });
    await user.type(within(form).getByLabelText(/Name/), 'trigger job');
    await user.clear(within(form).getByLabelText(/Default hours/));
    await user.type(within(form).getByLabelText(/Default hours/), '2.25');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText(serviceTypeMessages.nameTaken)).not.toHaveLength(0);
    await user.clear(within(form).getByLabelText(/Name/));
    await user.type(within(form).getByLabelText(/Name/), 'Action Job');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New service type' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'trigger job', kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 225, taxable: false, active: true },
      { name: 'Action Job', kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 225, taxable: false, active: true },
    ]);
  });

  it('refuses hours with more than two decimals before asking the server', async () => {
    const api = stubAdminApi({ 'GET /api/admin/service-types': [200, LIST] });
    const user = userEvent.setup();
    renderWithClient(<ServiceTypesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add Service Type' }));
    const form = screen.getByRole('form', { name: 'New service type' });
    await user.type(within(form).getByLabelText(/Name/), 'Bluing');
    await user.clear(within(form).getByLabelText(/Default hours/));
    await user.type(within(form).getByLabelText(/Default hours/), '1.255');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(serviceTypeMessages.hoursInvalid)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('front desk and gunsmiths read the list but get no add or edit controls', async () => {
    stubAdminApi({ 'GET /api/admin/service-types': [200, LIST] });
    renderWithClient(<ServiceTypesPanel />, { staffRole: 'front_desk' });
    await screen.findByRole('list', { name: 'Service types' });
    expect(screen.queryByRole('button', { name: 'Add Service Type' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});

describe('extra work from the price list', { timeout: 30_000 }, () => {
  it('picking a labor type fills the line; hours × the shop rate is previewed; the server gets hours, never an amount', async () => {
    const ORDER = `/api/admin/orders/${baseOrder.id}`;
    const api = stubAdminApi({
      'GET /api/admin/service-types': [200, LIST],
      [`GET ${ORDER}`]: [200, { ...baseOrder, updates: [], payments: [] }],
      [`POST ${ORDER}/lines`]: [201, { ...baseOrder, lines: [makeLine({ id: 'l9', kind: 'labor', name: 'Trigger Job', unitCents: 2000, lineTotalCents: 2000, hours: 0.25, rateCents: 8000, taxable: false })] }],
    });
    function Panel() {
      const order = useAdminOrder(baseOrder.id);
      return order.data ? <ExtraWorkPanel order={order.data} /> : <p>Loading</p>;
    }
    const user = userEvent.setup();
    renderWithClient(<Panel />);
    const form = await screen.findByRole('form', { name: 'Add part or charge' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Trigger Job (1.5 h × $80.00)' })).toBeInTheDocument());
    // Inactive types are not offered.
    expect(within(form).queryByRole('option', { name: /Old Polish/ })).toBeNull();
    await user.selectOptions(within(form).getByLabelText('From the price list'), 't1');
    expect(within(form).getByLabelText('Kind')).toHaveValue('labor');
    expect(within(form).getByLabelText('Name')).toHaveValue('Trigger Job');
    expect(within(form).getByLabelText(serviceTypeMessages.hoursLabel)).toHaveValue(1.5);
    expect(within(form).getByTestId('labor-preview')).toHaveTextContent('1.5 h × $80.00 = $120.00');
    await user.clear(within(form).getByLabelText(serviceTypeMessages.hoursLabel));
    await user.type(within(form).getByLabelText(serviceTypeMessages.hoursLabel), '0.25');
    expect(within(form).getByTestId('labor-preview')).toHaveTextContent('0.25 h × $80.00 = $20.00');
    await user.click(within(form).getByRole('button', { name: 'Add to Order' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'labor', name: 'Trigger Job', serviceTypeId: 't1', hoursHundredths: 25, quantity: 1, needsApproval: false });
  });
});
