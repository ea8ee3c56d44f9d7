import { useSearchText } from '@/hooks/use-cursor-pages';
import { useState } from 'react';
import { formatAddress } from '@gs/shared/address';
import type { CustomerRow } from '@gs/shared/api-types';
import { formatDate } from '@gs/shared/dates';
import { formatPhone } from '@gs/shared/phone';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomerPages } from '../api/list-customers';
import { customerName } from '../customer-name';
import { CustomerFormModal } from './customer-form-modal';
import { CustomerListFrame } from './customer-list-frame';
import { CustomerActivityButton } from './customer-activity-dialog';

export const customerMessages = {
  loadFailed: 'Failed to load customers. Please try again.',
  empty: 'No customers found',
  deleteFailed: 'Failed to delete customer. Please try again.',
  // A deleted customer is archived, and staff can restore them from Archived Customers.
  deleteConfirm: 'Are you sure you want to delete this customer? They can be restored from Archived Customers.',
  deleted: 'Customer deleted successfully!',
  loadMoreFailed: 'Failed to load more customers. Please try again.',
  /** A search page read its share of customers without a match: older customers may still match. */
  noMatchYet: 'No matches among the customers searched so far. Load more searches further.',
} as const;

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`} aria-hidden="true">
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}

function Detail({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h3>
      <dl className="space-y-1 text-sm">{children}</dl>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}:</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function CustomerItem({ customer, onEdit, onDelete }: { customer: CustomerRow; onEdit: () => void; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const name = customerName(customer);
  const detailsId = `customer-${customer.id}-details`;
  return (
    <li className="p-4">
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left"
        >
          <ChevronIcon open={open} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{name}</span>
            <span className="block truncate text-sm text-slate-700 dark:text-slate-300">{customer.email}</span>
          </span>
        </button>
        <span className="hidden text-sm text-slate-700 sm:inline dark:text-slate-300">
          {customer.orderCount} {customer.orderCount === 1 ? 'order' : 'orders'}
        </span>
        <CustomerActivityButton customerId={customer.id} name={name} />
        <button type="button" aria-label={`Edit ${name}`} title="Edit customer" onClick={onEdit} className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
          <PencilIcon />
        </button>
        <button type="button" aria-label={`Delete ${name}`} title="Delete customer" onClick={onDelete} className="rounded-lg p-2 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950">
          <TrashIcon />
        </button>
      </div>
      {open ? (
        <div id={detailsId} className="mt-3 grid grid-cols-1 gap-3 pl-7 md:grid-cols-3">
          <Detail title="Contact Info">
            <Item label="Phone">{formatPhone(customer.phone) || 'Not provided'}</Item>
            <Item label="Address">{formatAddress(customer.address) || 'Not provided'}</Item>
            <Item label="SMS Notifications">{customer.enableSmsNotifications ? 'Enabled' : 'Disabled'}</Item>
          </Detail>
          <Detail title="Latest Order">
            {customer.latestOrder ? (
              <>
                <Item label="Firearm">
                  {customer.latestOrder.firearmMake} {customer.latestOrder.firearmModel}
                </Item>
                <Item label="Status">
                  <AdminStatusBadge status={customer.latestOrder.currentStatus} />
                </Item>
                <Item label="Order Date">{formatDate(customer.latestOrder.createdAt)}</Item>
              </>
            ) : (
              // A <dl> holds only name/value groups: the name is there for screen readers.
              <div>
                <dt className="sr-only">Latest order</dt>
                <dd className="text-slate-600 dark:text-slate-400">No orders yet</dd>
              </div>
            )}
            <Item label="Total Orders">{customer.orderCount}</Item>
          </Detail>
          <Detail title="Account Info">
            <Item label="Customer Since">{formatDate(customer.createdAt)}</Item>
          </Detail>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The customer management panel: search, add, edit, delete, and rows that expand to details. The server
 * pages and searches: the first page shows, "Load more" follows its cursor; a new search starts again.
 */
export function CustomersPanel() {
  const { searchText, setSearchText, search } = useSearchText();
  const customers = useCustomerPages(search);
  const remove = useDeleteCustomer();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<CustomerRow | null | undefined>(undefined);
  const items = customers.data ?? [];

  const onDelete = async (customer: CustomerRow) => {
    if (!(await confirm(customerMessages.deleteConfirm, { confirmLabel: 'Delete', variant: 'danger' }))) return;
    try {
      await remove.mutateAsync(customer.id);
      toast.success(customerMessages.deleted);
    } catch {
      toast.error(customerMessages.deleteFailed);
    }
  };

  return (
    <CustomerListFrame
      id="customer"
      title="Customers"
      searchLabel="Search customers"
      searchText={searchText}
      onSearchText={setSearchText}
      action={<Button onClick={() => setEditing(null)}>Add Customer</Button>}
      customers={customers}
      messages={customerMessages}
      renderItem={(customer) => <CustomerItem key={customer.id} customer={customer} onEdit={() => setEditing(customer)} onDelete={() => void onDelete(customer)} />}
    >
      {editing !== undefined ? (
        <CustomerFormModal
          customer={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            toast.success(message);
          }}
        />
      ) : null}
      {dialog}
    </CustomerListFrame>
  );
}
