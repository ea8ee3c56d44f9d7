import type { Role } from '@gs/shared/api-types';

/**
 * The role from a token's `cognito:groups` claim. The claim is normally an array, but the
 * local emulator can deliver it as the string "[admin customer]" (docs/api.md, "Authentication and access").
 */
export function roleFromGroups(groups: unknown): Role {
  const list = Array.isArray(groups)
    ? groups.map(String)
    : typeof groups === 'string'
      ? groups.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  return list.includes('admin') ? 'admin' : 'customer';
}
