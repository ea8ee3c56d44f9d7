import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffAccountMessages as m, type StaffMember } from '@gs/shared/staff-accounts';
import { SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { UserManagement } from '@/features/admin-staff/components/user-management';
import { stubAdminApi } from './api-stub';
import { renderWithClient } from './render';

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: 'u-owner',
  email: 'owner@example.com',
  firstName: 'Olga',
  lastName: 'Owner',
  staffRole: 'owner',
  isActive: true,
  twoStepSetUp: true,
  lastSignInAt: '2026-11-20T15:04:00.000Z',
  pending: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const owner = member({});
const desk = member({ id: 'u-desk', email: 'desk@example.com', firstName: 'Fran', lastName: 'Desk', staffRole: 'front_desk', lastSignInAt: null, twoStepSetUp: false, pending: true });
const settings = { businessName: 'Acme', phone: '', email: '', address: '', defaultTaxRate: 7.75, laborRateCents: 7500, minimumServiceFeeCents: 2500, emailSender: null };

describe('Settings → User Management', () => {
  it('lists the staff with role, status, two-step and last sign-in; the last owner is locked, with the reason', async () => {
    stubAdminApi({ 'GET /api/admin/staff': [200, { items: [owner, desk], activeOwners: 1, cursor: null }] });
    renderWithClient(<UserManagement />);
    const olga = await screen.findByRole('listitem', { name: 'Olga Owner' });
    expect(within(olga).getByText(m.activeLabel)).toBeInTheDocument();
    expect(within(olga).getByText(m.twoStepOn)).toBeInTheDocument();
    expect(within(olga).getByLabelText('Role of Olga Owner')).toBeDisabled();
    expect(within(olga).getByRole('button', { name: 'Disable Olga Owner' })).toBeDisabled();
    expect(within(olga).getByText(m.lastOwnerHint)).toBeInTheDocument();
    const fran = screen.getByRole('listitem', { name: 'Fran Desk' });
    expect(within(fran).getByText(m.pendingLabel)).toBeInTheDocument();
    expect(within(fran).getByText(m.neverSignedIn)).toBeInTheDocument();
    expect(within(fran).getByText(m.twoStepOff)).toBeInTheDocument();
    expect(within(fran).getByLabelText('Role of Fran Desk')).toHaveValue('front_desk');
    expect(within(fran).getByRole('button', { name: 'Disable Fran Desk' })).toBeEnabled();
  });

  it('changes a role, disables after confirming, and says why the server refused', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/staff': [200, { items: [owner, desk], activeOwners: 1, cursor: null }],
      'PATCH /api/admin/staff/u-desk': ({ body }) =>
        (body as { isActive?: boolean }).isActive === false ? [409, { error: { code: 'conflict', message: m.lastOwner } }] : [200, { ...desk, staffRole: 'gunsmith' }],
    });
    renderWithClient(<UserManagement />);
    const fran = await screen.findByRole('listitem', { name: 'Fran Desk' });
    await user.selectOptions(within(fran).getByLabelText('Role of Fran Desk'), 'gunsmith');
    await screen.findByRole('listitem', { name: 'Fran Desk' });
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ staffRole: 'gunsmith' }]);

    await user.click(within(fran).getByRole('button', { name: 'Disable Fran Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Fran Desk' });
    expect(within(dialog).getByText(m.disableConfirm('Fran Desk'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(m.lastOwner)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ staffRole: 'gunsmith' }, { isActive: false }]);
  });

  it('resets an authenticator only after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/staff': [200, { items: [owner, { ...desk, twoStepSetUp: true, pending: false }], activeOwners: 1, cursor: null }],
      'POST /api/admin/staff/u-desk/reset-two-step': [200, desk],
    });
    renderWithClient(<UserManagement />);
    const fran = await screen.findByRole('listitem', { name: 'Fran Desk' });
    await user.click(within(fran).getByRole('button', { name: 'Reset authenticator of Fran Desk' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset authenticator' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(fran).getByRole('button', { name: 'Reset authenticator of Fran Desk' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset authenticator' });
    expect(within(dialog).getByText(m.resetConfirm('Fran Desk'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(await screen.findByText(m.resetDone('Fran Desk'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/staff/u-desk/reset-two-step']);
  });

  it('invites with the route’s own schema: a bad email is said on the field; a taken one with the server’s words', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/staff': [200, { items: [owner], activeOwners: 1, cursor: null }],
      'POST /api/admin/staff': [409, { error: { code: 'conflict', message: m.emailTaken('taken@example.com') } }],
    });
    renderWithClient(<UserManagement />);
    const form = await screen.findByRole('form', { name: 'Invite staff member' });
    await user.type(within(form).getByLabelText('Email'), 'nope');
    await user.type(within(form).getByLabelText('First name'), 'Gus');
    await user.type(within(form).getByLabelText('Last name'), 'Smith');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('A valid email address is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'Taken@Example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'gunsmith');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(m.emailTaken('taken@example.com'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'taken@example.com', firstName: 'Gus', lastName: 'Smith', staffRole: 'gunsmith' }]);
  });

  it('the tab is the owner’s: front desk and gunsmiths do not see it', async () => {
    for (const staffRole of ['front_desk', 'gunsmith'] as const) {
      stubAdminApi({ 'GET /api/admin/settings': [200, settings] });
      const { unmount } = renderWithClient(<SettingsTabs userManagement={UserManagement} />, { staffRole });
      const tabs = within(screen.getByRole('tablist')).getAllByRole('tab').map((t) => t.textContent);
      expect(tabs).not.toContain('User Management');
      expect(tabs).toContain('General');
      unmount();
    }
  });
});
