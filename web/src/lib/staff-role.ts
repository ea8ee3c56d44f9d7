import { createContext, createElement, useContext } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { staffMay, type StaffAccess, type StaffRole } from '@gs/shared/staff';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

/**
 * The signed-in staff member's role on the staff pages: null for a customer, undefined while it loads (and where no
 * provider is, which shows nothing a role must allow). The provider (app/staff-role-provider.ts) reads it with
 * react-query; this module stays light, for the pages' bundles.
 */
export const StaffRoleContext = createContext<StaffRole | null | undefined>(undefined);

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
