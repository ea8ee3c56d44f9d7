import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '@/app/layout/site-footer';
import { PrintWorkOrderModal } from '@/features/admin-orders/components/print-work-order';
import { SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { UserManagement } from '@/features/admin-staff/components/user-management';
import { stubAdminApi } from './api-stub';
import { baseOrder, makeLine, makeUpdate } from './fixtures';
import { renderWithClient } from './render';

const update = (id: string, status: string, notes: string) => makeUpdate({ id, orderId: baseOrder.id, status, notes, createdAt: '2026-01-05T10:00:00.000Z' });
const detail = {
  ...baseOrder,
  updates: [update('u5', 'work_complete', 'five'), update('u4', 'in_progress', 'four'), update('u3', 'evaluating', 'three'), update('u2', 'firearm_received', 'two'), update('u1', 'order_created', 'one')],
  payments: [],
};

describe('work order printing', () => {
  afterEach(() => vi.restoreAllMocks());

  it('previews at most 3 updates with a "more updates" line', async () => {
    stubAdminApi({ [`GET /api/admin/orders/${baseOrder.id}`]: [200, detail] });
    renderWithClient(<PrintWorkOrderModal orderId={baseOrder.id} onClose={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Work Order GS-000042' })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Work Order Preview' });
    expect(dialog).toHaveTextContent('five');
    expect(dialog).toHaveTextContent('three');
    expect(dialog).not.toHaveTextContent('two');
    expect(dialog).toHaveTextContent('+ 2 more updates');
  });

  it('prints the same bill as the portal: each billed line, tax at the order rate, and what waits for approval', async () => {
    const lines = [
      makeLine({ id: 'a', name: 'Hand spring', unitCents: 1250, quantity: 2 }),
      makeLine({ id: 'b', kind: 'labor', name: 'Fit and test', unitCents: 3600 }),
      makeLine({ id: 'c', name: 'Barrel bushing', unitCents: 4500, state: 'pending', needsApproval: true, requestId: 'r1' }),
    ];
    const inv = { ...baseOrder.invoice, partsCents: 2500, laborCents: 3600, taxCents: 194, totalCents: 20794, balanceDueCents: 20794, pendingApprovalCents: 4500 };
    stubAdminApi({ [`GET /api/admin/orders/${baseOrder.id}`]: [200, { ...detail, lines, invoice: inv }] });
    renderWithClient(<PrintWorkOrderModal orderId={baseOrder.id} onClose={() => undefined} />);
    await screen.findByRole('heading', { name: 'Work Order GS-000042' });
    const dialog = screen.getByRole('dialog', { name: 'Work Order Preview' });
    for (const text of ['Service$120.00', 'Hand spring × 2$25.00', 'Fit and test$36.00', 'Tax (7.75% on parts)$1.94', 'Shipping$25.00', 'Total$207.94', 'Balance Due$207.94', 'Not billed$45.00 awaiting approval']) {
      expect(dialog).toHaveTextContent(text);
    }
    expect(dialog).not.toHaveTextContent('Barrel bushing');
  });

  it('asks for pop-ups when the print window is blocked', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    stubAdminApi({ [`GET /api/admin/orders/${baseOrder.id}`]: [200, detail] });
    renderWithClient(<PrintWorkOrderModal orderId={baseOrder.id} onClose={() => undefined} />);
    await screen.findByRole('heading', { name: 'Work Order GS-000042' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(screen.getByText('Please allow pop-ups for printing to work')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    stubAdminApi({ [`GET /api/admin/orders/${baseOrder.id}`]: [500, { error: { code: 'internal', message: 'x' } }] });
    renderWithClient(<PrintWorkOrderModal orderId={baseOrder.id} onClose={() => undefined} />);
    expect(await screen.findByText('Failed to load communication history for the work order. Please try again.')).toBeInTheDocument();
  });
});

describe('System Settings', () => {
  const saved = { businessName: 'Acme Gunworks', phone: '', email: '', address: '', defaultTaxRate: 8.25, laborRateCents: 7500, minimumServiceFeeCents: 2500, emailSender: 'notifications@acme.example' };
  beforeEach(() => undefined);

  it('has accessible tabs moved by arrow keys; User Management is the staff list', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/settings': [200, saved], 'GET /api/admin/staff': [200, { items: [], activeOwners: 1, cursor: null }] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['General', 'User Management', 'Email Settings', 'Billing', 'Service Types']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Business Name')).toHaveValue('Acme Gunworks');
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel')).findByRole('heading', { name: 'Staff accounts' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(tabs[4]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
  });

  it('offers the tax rate to three decimals, 7.75 by default, and says what changing it does', async () => {
    stubAdminApi({ 'GET /api/admin/settings': [200, { ...saved, defaultTaxRate: 7.75 }] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    const rate = await screen.findByLabelText('Default Tax Rate (%)');
    expect(rate).toHaveValue(7.75);
    expect(rate).toHaveAttribute('placeholder', '7.75');
    expect(rate).toHaveAttribute('step', '0.001');
    expect(rate).toHaveAccessibleDescription(
      'New orders bill parts at this rate. Each order keeps the rate it was created with, so changing it never changes an existing invoice.',
    );
  });

  it("checks with the route's own schema before saving: a tax rate of 100.5 or a seven-line address never reaches the server", async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ 'GET /api/admin/settings': [200, saved], 'PUT /api/admin/settings': [200, saved] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    const rate = await screen.findByLabelText('Default Tax Rate (%)');
    await user.clear(rate);
    await user.type(rate, '100.5');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Please enter a tax rate between 0 and 100, with at most three decimals')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '7.75');
    await user.type(screen.getByLabelText('Address'), '1{Enter}2{Enter}3{Enter}4{Enter}5{Enter}6{Enter}7');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Please keep the address to 6 lines of at most 100 characters');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the shop identity with its address, shown at once wherever the shop is named', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/settings': [200, saved],
      'PUT /api/admin/settings': ({ body }) => [200, { ...saved, ...(body as object) }],
    });
    renderWithClient(
      <MemoryRouter>
        <SettingsTabs userManagement={UserManagement} />
        <SiteFooter />
      </MemoryRouter>,
    );
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, '512-555-0142');
    await user.type(screen.getByLabelText('Address'), '  1200 Ranch Road 12{Enter}Wimberley, TX 78676  ');
    await user.type(screen.getByLabelText('Email'), 'service@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      businessName: 'Acme Gunworks',
      phone: '512-555-0142',
      email: 'service@acme.example',
      address: '1200 Ranch Road 12\nWimberley, TX 78676',
      fflNumber: '',
      defaultTaxRate: 8.25,
    });
    expect(phone).toHaveValue('(512) 555-0142');
    const contact = screen.getByTestId('shop-contact');
    expect(contact).toHaveTextContent('1200 Ranch Road 12');
    expect(within(contact).getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:+15125550142');
    expect(within(contact).getByRole('link', { name: 'service@acme.example' })).toHaveAttribute('href', 'mailto:service@acme.example');
  });

  it('Email Settings says what really sends the mail: the deployed sender, the shop name, where replies go', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/settings': [200, { ...saved, email: 'service@acme.example' }] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    await user.click(await screen.findByRole('tab', { name: 'Email Settings' }));
    const panel = screen.getByRole('region', { name: 'How notification emails are sent' });
    expect(panel).toHaveTextContent('Sendernotifications@acme.example');
    expect(panel).toHaveTextContent('Sender nameAcme Gunworks');
    expect(panel).toHaveTextContent('Replies go toservice@acme.example');
    expect(panel).toHaveTextContent('Amazon SES');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it('Email Settings says so where nothing sends mail', async () => {
    const user = userEvent.setup();
    stubAdminApi({ 'GET /api/admin/settings': [200, { ...saved, emailSender: null }] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    await user.click(await screen.findByRole('tab', { name: 'Email Settings' }));
    expect(screen.getByRole('region', { name: 'How notification emails are sent' })).toHaveTextContent('Not set up in this environment: no emails are sent.');
  });

  it('saves the Billing tab in cents', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/settings': [200, saved],
      'PUT /api/admin/settings': ({ body }) => [200, { ...saved, ...(body as object) }],
    });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    const labor = await screen.findByLabelText('Default Labor Rate ($ per hour)');
    expect(labor).toHaveValue(75);
    await user.clear(labor);
    await user.type(labor, '82.50');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ laborRateCents: 8250, minimumServiceFeeCents: 2500 });
  });
});
