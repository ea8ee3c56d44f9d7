import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@gs/shared/api-types';
import { customer, resetFakeAuth } from './fake-auth-client';
import { stubFetch, type ApiCall, type Reply } from './api-stub';
import { testProfile } from './fixtures';
import { renderApp } from './render';

vi.mock('@/lib/auth/auth-client', () => import('./fake-auth-client'));

/** GET /api/me answers `profile`; PATCH /api/me applies the body as the server would (phone normalized). */
function stubProfile(start: Profile, patch?: (call: ApiCall) => Reply | undefined) {
  let profile = start;
  return stubFetch((call) => {
    if (call.path !== '/api/me') return undefined;
    if (call.method === 'GET') return [200, profile];
    const answer = patch?.(call);
    if (answer) return answer;
    const body = call.body as Partial<Profile>;
    profile = { ...profile, ...body, phone: body.phone === undefined ? profile.phone : (body.phone ?? '').replace(/[\s\-()]/g, '') || null };
    return [200, profile];
  });
}

const smsSwitch = () => screen.getByRole('switch', { name: 'Text me when my orders change' });
const emailSwitch = () => screen.getByRole('switch', { name: 'Email me about notes, new orders and progress updates' });

describe('profile page', () => {
  beforeEach(() => resetFakeAuth(customer));

  it('shows the details, the phone in its display format and both preferences', async () => {
    stubProfile(testProfile);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Doe');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 555-0123');
    expect(screen.getByText('jane.doe@example.com')).toBeInTheDocument();
    expect(smsSwitch()).not.toBeChecked();
    expect(emailSwitch()).toBeChecked();
    expect(emailSwitch()).toHaveAccessibleDescription('Payment receipts, refunds and shipping notices are always emailed, whatever you choose here.');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves names, phone and preferences in one PATCH and shows what the server saved', async () => {
    const user = userEvent.setup();
    const { calls } = stubProfile(testProfile);
    renderApp('/profile');
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555-010-7777');
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), '  Janet ');
    await user.click(smsSwitch());
    await user.click(emailSwitch());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    // No address typed: none (null), as the server reads it.
    expect(patches[0].body).toEqual({ firstName: '  Janet ', lastName: 'Doe', phone: '555-010-7777', address: null, enableSmsNotifications: true, emailOptionalNotifications: false });
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 010-7777');
    expect(smsSwitch()).toBeChecked();
    expect(emailSwitch()).not.toBeChecked();
  });

  it('refuses texts without a phone and a bad phone before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = stubProfile({ ...testProfile, phone: null });
    renderApp('/profile');
    await user.click(await screen.findByRole('switch', { name: 'Text me when my orders change' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Add a phone number to get text messages');

    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number');
    await user.clear(screen.getByLabelText('First Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('First name is required');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it("shows the server's field errors and says the save failed", async () => {
    const user = userEvent.setup();
    stubProfile(testProfile, () => [400, { error: { code: 'validation_failed', message: 'Invalid request', fields: { phone: 'Please enter a valid phone number' } } }]);
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your profile. Please try again.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a valid phone number');
  });

  it('fills in the mailing address, with the field messages before anything is sent, and saves it with the profile', async () => {
    const user = userEvent.setup();
    const { calls } = stubProfile(testProfile);
    renderApp('/profile');
    const address = await screen.findByRole('region', { name: 'Mailing Address' });
    const street = within(address).getByLabelText('Street Address');
    expect(street).toHaveAttribute('autocomplete', 'address-line1');
    expect(within(address).getByLabelText('Apartment, Suite, etc.')).toHaveAttribute('autocomplete', 'address-line2');
    expect(within(address).getByLabelText('City')).toHaveAttribute('autocomplete', 'address-level2');
    expect(within(address).getByLabelText('State')).toHaveAttribute('autocomplete', 'address-level1');
    expect(within(address).getByLabelText('ZIP Code')).toHaveAttribute('autocomplete', 'postal-code');

    // Half an address is refused field by field, not dropped.
    await user.type(within(address).getByLabelText('ZIP Code'), '6270');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(street).toHaveAccessibleDescription('Street address is required');
    expect(within(address).getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(within(address).getByLabelText('State')).toHaveAccessibleDescription('Choose a state');
    expect(within(address).getByLabelText('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code (or ZIP+4)');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(street, '12 Main St');
    await user.type(within(address).getByLabelText('City'), 'Springfield');
    await user.selectOptions(within(address).getByLabelText('State'), 'Illinois');
    await user.type(within(address).getByLabelText('ZIP Code'), '1-1234');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const [patch] = calls.filter((c) => c.method === 'PATCH');
    expect(patch.body).toMatchObject({ address: { line1: '12 Main St', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701-1234' } });
    expect(within(address).getByLabelText('State')).toHaveValue('IL');
    expect(within(address).getByLabelText('ZIP Code')).not.toHaveAccessibleDescription();
  });

  it('shows the saved address, and emptying every field clears it', async () => {
    const user = userEvent.setup();
    const { calls } = stubProfile({ ...testProfile, address: { line1: '400 Elm Ave', line2: 'Unit 9', city: 'Austin', state: 'TX', postalCode: '78701' } });
    renderApp('/profile');
    const address = await screen.findByRole('region', { name: 'Mailing Address' });
    expect(await within(address).findByLabelText('Street Address')).toHaveValue('400 Elm Ave');
    expect(within(address).getByLabelText('Apartment, Suite, etc.')).toHaveValue('Unit 9');
    expect(within(address).getByLabelText('City')).toHaveValue('Austin');
    expect(within(address).getByRole('combobox', { name: 'State' })).toHaveDisplayValue('Texas');
    expect(within(address).getByLabelText('ZIP Code')).toHaveValue('78701');

    for (const label of ['Street Address', 'Apartment, Suite, etc.', 'City', 'ZIP Code']) await user.clear(within(address).getByLabelText(label));
    await user.selectOptions(within(address).getByLabelText('State'), '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')[0].body).toMatchObject({ address: null });
    expect(within(address).getByLabelText('Street Address')).toHaveValue('');
  });

  it("puts the server's address field errors on their fields", async () => {
    const user = userEvent.setup();
    stubProfile({ ...testProfile, address: { line1: '1 Way', line2: null, city: 'Reno', state: 'NV', postalCode: '89501' } }, () => [
      400,
      { error: { code: 'validation_failed', message: 'Enter a 5-digit ZIP code (or ZIP+4)', fields: { 'address.postalCode': 'Enter a 5-digit ZIP code (or ZIP+4)' } } },
    ]);
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your profile. Please try again.');
    expect(screen.getByLabelText('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code (or ZIP+4)');
  });

  it('shows the inactive-account text instead of the form', async () => {
    stubFetch((call) => (call.path === '/api/me' ? [403, { error: { code: 'forbidden', message: 'Account Inactive - Please contact the shop for assistance.' } }] : undefined));
    renderApp('/profile');
    expect(await screen.findByText('Account Inactive - Please contact the shop for assistance.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('switch')).not.toBeInTheDocument();
  });
});
