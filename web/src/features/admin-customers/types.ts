import type { Profile } from '../profile/api/get-me';

/** A row of GET /api/admin/customers: the Profile with its latest order and order count. */
export interface CustomerRow extends Profile {
  orderCount: number;
  latestOrder: { id: string; firearmMake: string; firearmModel: string; currentStatus: string; createdAt: string } | null;
}

export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (search: string) => ['admin', 'customers', 'list', search] as const,
};

export const customerName = (c: Pick<Profile, 'firstName' | 'lastName' | 'email'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;
