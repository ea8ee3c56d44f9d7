import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { ArchivedCustomersPanel } from '@/features/admin-customers/components/archived-customers-panel';
import { CustomersPanel } from '@/features/admin-customers/components/customers-panel';
import { paths } from '@/config/paths';
import { AdminPage } from './admin-page';

/** The Customer Management Center: the customers, or (`?view=archived`) the archived ones staff can restore. */
export default function AdminCustomersRoute() {
  const [params] = useSearchParams();
  const archived = params.get('view') === 'archived';
  const tab = (active: boolean) => buttonClasses(active ? 'primary' : 'secondary', 'px-3 py-1.5');
  return (
    <AdminPage title="Customer Management Center">
      <nav aria-label="Customer lists" className="flex flex-wrap gap-2">
        <Link to={paths.admin.customers.getHref()} className={tab(!archived)} aria-current={archived ? undefined : 'page'}>
          Customers
        </Link>
        <Link to={paths.admin.customers.getHref('archived')} className={tab(archived)} aria-current={archived ? 'page' : undefined}>
          Archived Customers
        </Link>
      </nav>
      {archived ? <ArchivedCustomersPanel /> : <CustomersPanel />}
    </AdminPage>
  );
}
