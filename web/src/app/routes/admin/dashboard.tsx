import { Link } from 'react-router-dom';
import { staffMay, type StaffAccess } from '@gs/shared/staff';
import { useStaffRole } from '@/lib/staff-role';
import { paths } from '@/config/paths';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { MissingFromBookCount } from '@/features/admin-book/components/missing-count';
import { AwaitingIntakeCount } from '@/features/admin-book/components/awaiting-intake-count';
import { ActiveOrdersPanel } from '@/features/admin-orders/components/active-orders-panel';
import { DashboardCounts } from '@/features/work-dates/components/dashboard-counts';
import { WorkList } from '@/features/work-dates/components/work-list';
import { workMessages } from '@gs/shared/work-dates';
import { AdminPage } from './admin-page';

/** Admin dashboard: the dashboard shows the 5 newest orders. */
export const RECENT_ORDERS = 5;

const CARDS: ReadonlyArray<{ access: StaffAccess; to: string; title: string; text: string; icon: string }> = [
  { access: 'counter', to: paths.admin.customers.getHref(), title: 'Customers', text: 'Add, edit and review customer accounts.', icon: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75' },
  { access: 'staff', to: paths.admin.manageOrders.getHref(), title: 'Orders', text: 'Create, edit, archive and print work orders.', icon: 'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2M9 12h6M9 16h6' },
  { access: 'counter', to: paths.admin.payments.getHref(), title: 'Payments', text: 'Track and manage all customer payments.', icon: 'M2 7h20v12H2zM2 11h20M6 15h4' },
  { access: 'counter', to: paths.admin.receivables.getHref(), title: 'Receivables', text: 'Orders with a balance due, by age.', icon: 'M12 6v6l4 2M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0' },
  { access: 'counter', to: paths.admin.book.getHref(), title: 'A&D Book', text: 'Firearms in custody, the bound book, print and CSV.', icon: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20M4 19.5A2.5 2.5 0 0 0 6.5 22H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15M8 7h8M8 11h6' },
  { access: 'counter', to: paths.admin.bench.getHref(), title: 'Benches', text: "Each gunsmith's assigned orders by promised date.", icon: 'M3 21h18M5 21V9h14v12M9 9V5h6v4' },
  { access: 'counter', to: paths.admin.turnaround.getHref(), title: 'Turnaround', text: 'Days from receipt to ready, per service and month.', icon: 'M3 3v18h18M7 15l4-4 3 3 5-6' },
  { access: 'owner', to: paths.admin.settings.getHref(), title: 'Settings', text: 'Business details, email and billing defaults.', icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z' },
];

export default function AdminDashboardRoute() {
  const role = useStaffRole();
  const cards = CARDS.filter((card) => staffMay(role, card.access));
  const counter = staffMay(role, 'counter');
  const gunsmith = role === 'gunsmith';
  return (
    <AdminPage title={gunsmith ? workMessages.myBench : 'Admin Dashboard'}>
      {role ? <DashboardCounts /> : null}
      {counter ? <MissingFromBookCount /> : null}
      {counter ? <AwaitingIntakeCount /> : null}
      <nav aria-label="Admin sections" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-6">
        {cards.map((card) => (
          <Link
            key={card.to}
            to={card.to}
            className="group flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 transition hover:border-slate-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-600"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-7 text-amber-600 dark:text-amber-400" aria-hidden="true">
              <path d={card.icon} />
            </svg>
            <span className="text-lg font-semibold group-hover:underline">{card.title}</span>
            <span className="hidden text-sm text-slate-700 sm:block dark:text-slate-300">{card.text}</span>
          </Link>
        ))}
      </nav>
      {/* A gunsmith's home is their bench: their open orders, soonest promised first. */}
      {gunsmith ? <WorkList which={{ benchOf: '' }} title={workMessages.myBench} empty={workMessages.benchEmpty} /> : <ActiveOrdersPanel title="Recent Orders" limit={RECENT_ORDERS} customerPicker={CustomerPicker} />}
    </AdminPage>
  );
}
