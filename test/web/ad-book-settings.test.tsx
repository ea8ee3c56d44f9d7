import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookMessages } from '@gs/shared/book';
import { FFL_NUMBER_HINT, SettingsTabs } from '@/features/admin-settings/components/settings-tabs';
import { UserManagement } from '@/features/admin-staff/components/user-management';
import { useShop } from '@/lib/shop';
import { stubAdminApi } from './api-stub';
import { renderWithClient } from './render';

const saved = { businessName: 'Acme Gunworks', phone: '', email: '', address: '', fflNumber: '', defaultTaxRate: 8.25, laborRateCents: 7500, minimumServiceFeeCents: 2500, emailSender: null };

function ShopFfl() {
  return <p data-testid="shop-ffl">{useShop().fflNumber}</p>;
}

describe('the shop\u2019s FFL number in Settings → General', () => {
  it('refuses a number not in the license\u2019s format before saving', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({ 'GET /api/admin/settings': [200, saved], 'PUT /api/admin/settings': [200, saved] });
    renderWithClient(<SettingsTabs userManagement={UserManagement} />);
    const ffl = await screen.findByLabelText('FFL Number');
    expect(ffl).toHaveAccessibleDescription(FFL_NUMBER_HINT);
    await user.type(ffl, '12345');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(ffl).toHaveAccessibleDescription(bookMessages.fflInvalid);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves it (upper case) and every page knows it at once (the printed A&D book)', async () => {
    const user = userEvent.setup();
    const { calls } = stubAdminApi({
      'GET /api/admin/settings': [200, saved],
      'PUT /api/admin/settings': ({ body }) => [200, { ...saved, ...(body as object) }],
    });
    renderWithClient(
      <>
        <SettingsTabs userManagement={UserManagement} />
        <ShopFfl />
      </>,
    );
    await user.type(await screen.findByLabelText('FFL Number'), ' 1-23-456-07-8a-12345 ');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')?.body as { fflNumber: string }).fflNumber).toBe('1-23-456-07-8A-12345');
    expect(screen.getByLabelText('FFL Number')).toHaveValue('1-23-456-07-8A-12345');
    expect(screen.getByTestId('shop-ffl')).toHaveTextContent('1-23-456-07-8A-12345');
  });
});
