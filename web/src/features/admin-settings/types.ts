// GET/PUT /api/admin/settings (money in cents, tax rate in percent): the shape the server's schema makes.
export type { Settings } from '@gs/shared/settings';
export type { SettingsInput } from '@gs/shared/schemas/settings';

export const settingsKey = ['admin', 'settings'] as const;
