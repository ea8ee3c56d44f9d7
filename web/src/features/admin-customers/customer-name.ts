import type { Profile } from '@gs/shared/api-types';

/** How staff see a customer named: first and last name, else the email. */
export const customerName = (c: Pick<Profile, 'firstName' | 'lastName' | 'email'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ').trim() || c.email;
