import { createElement, type ReactNode } from 'react';
import { staffRoleOf, type StaffRole } from '@gs/shared/staff';
import { useMe } from '@/lib/me';
import { useAuth } from '@/lib/auth/auth-provider';
import { StaffRoleContext } from '@/lib/staff-role';

/** The role as the person's profile holds it (GET /api/me): the API reads the same profile on every request, so what is shown matches what is allowed. */
export function useStaffRoleQuery(): StaffRole | null | undefined {
  const { isAdmin } = useAuth();
  const me = useMe({ enabled: isAdmin });
  if (!isAdmin) return null;
  if (me.isPending) return undefined;
  // The server's rule (shared/src/staff.ts staffRoleOf): a staff profile without a role is the owner's.
  return me.data ? staffRoleOf(me.data.staffRole) : null;
}

/** Around the staff pages (inside the query provider): their components read the role with useStaffRole. */
export function StaffRoleProvider({ children }: { children: ReactNode }) {
  return createElement(StaffRoleContext.Provider, { value: useStaffRoleQuery() }, children);
}

