/** GET/PUT /api/admin/settings (money in cents, tax rate in percent). */
export interface Settings {
  businessName: string;
  phone: string;
  email: string;
  defaultTaxRate: number;
  smtpServer: string;
  smtpPort: number;
  fromEmail: string;
  laborRateCents: number;
  minimumServiceFeeCents: number;
}

export const settingsKey = ['admin', 'settings'] as const;
