import { createContext, createElement, useContext, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { staffMay, type StaffAccess, type StaffRole } from '@gs/shared/staff';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/features/profile/api/get-me';
import { useAuth } from '@/lib/auth/auth-provider';

/**
 * The signed-in staff member's role on the staff pages: null for a customer, undefined while it loads (and where no
 * provider is, which shows nothing a role must allow).
 */
export const StaffRoleContext = createContext<StaffRole | null | undefined>(undefined);

/** The role as the person's profile holds it (GET /api/me): the API reads the same profile on every request, so what is shown matches what is allowed. */
export function useStaffRoleQuery(): StaffRole | null | undefined {
  const { isAdmin } = useAuth();
  const me = useMe({ enabled: isAdmin });
  if (!isAdmin) return null;
  if (me.isPending) return undefined;
  return me.data?.staffRole ?? null;
}

/** Around the staff pages (inside the query provider): their components read the role with useStaffRole. */
export function StaffRoleProvider({ children }: { children: ReactNode }) {
  return createElement(StaffRoleContext.Provider, { value: useStaffRoleQuery() }, children);
}

export const useStaffRole = (): StaffRole | null | undefined => useContext(StaffRoleContext);

/** May the signed-in person use what a staff route of this access level does (shared/src/staff.ts)? False while loading. */
export const useStaffMay = (access: StaffAccess): boolean => staffMay(useStaffRole(), access);

/** Staff pages of one access level: another role goes to the staff home (the API would refuse every request anyway). */
export function StaffAccessRoute({ access }: { access: StaffAccess }) {
  const role = useStaffRole();
  if (role === undefined) return createElement(PageSpinner);
  if (!staffMay(role, access)) return createElement(Navigate, { to: paths.admin.root.getHref(), replace: true });
  return createElement(Outlet);
}

/** The counter's pages (owner, front desk) and the owner's, as layout routes (app/router.tsx loads them lazily). */
export const CounterPages = () => StaffAccessRoute({ access: 'counter' });
export const OwnerPages = () => StaffAccessRoute({ access: 'owner' });
