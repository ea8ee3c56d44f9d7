import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatCents } from '@gs/shared/money';
import { invoiceMessages } from '@gs/shared/payment-messages';
import { errorMessage } from '../../../components/errors/error-screen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { fixInvoice, lookUpInvoice, refreshInvoice } from '../api/invoices';
import type { Invoice } from '../types';

type Action = 'lookup' | 'refresh' | 'fix';
type Result = { tone: 'error'; message: string } | { tone: 'success'; message: string; invoice: Invoice } | null;

function Amounts({ invoice, withBalance }: { invoice: Invoice; withBalance?: boolean }) {
  const rows: Array<[string, ReactNode]> = [
    ['Invoice ID', <span className="font-mono break-all">{invoice.invoiceId}</span>],
    ['Service', formatCents(invoice.serviceCents)],
    ['Parts', formatCents(invoice.partsCents)],
    ['Tax', formatCents(invoice.taxCents)],
    ['Total', formatCents(invoice.totalCents)],
  ];
  if (withBalance) {
    rows.push(['Amount Paid', formatCents(invoice.amountPaidCents)], ['Balance Due', formatCents(invoice.balanceDueCents)]);
  }
  return (
    <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="opacity-80">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Admin tool: look an order's invoice up, recompute it from the order ("Standard Refresh"), or
 * rewrite it as service + parts + tax ("Direct Fix"). Server messages are shown as they come.
 */
export function InvoiceRefreshUtility() {
  const [orderId, setOrderId] = useState('');
  const [invoiceId, setInvoiceId] = useState('');
  const [current, setCurrent] = useState<Invoice | null>(null);
  const [running, setRunning] = useState<Action | null>(null);
  const [result, setResult] = useState<Result>(null);
  const headingId = useId();

  const order = orderId.trim();
  const invoice = invoiceId.trim();
  const busy = running !== null;
  // Empty fields disable the buttons; a field of spaces gets the message instead.
  const noOrder = orderId === '';
  const noInvoice = invoiceId === '';

  const perform = async (action: Action) => {
    if (busy) return;
    if (!order) return setResult({ tone: 'error', message: invoiceMessages.orderIdRequired });
    if (action === 'fix' && !invoice) return setResult({ tone: 'error', message: invoiceMessages.bothIdsRequired });
    setRunning(action);
    setResult(null);
    try {
      if (action === 'lookup') {
        const found = await lookUpInvoice(order);
        setCurrent(found);
        setInvoiceId(found.invoiceId);
      } else {
        const updated = action === 'refresh' ? await refreshInvoice(order) : await fixInvoice({ orderId: order, invoiceId: invoice });
        setCurrent(updated);
        setInvoiceId((typed) => typed || updated.invoiceId);
        setResult({
          tone: 'success',
          message: action === 'refresh' ? 'Invoice refreshed successfully.' : 'Invoice fixed successfully.',
          invoice: updated,
        });
      }
    } catch (err) {
      setResult({ tone: 'error', message: errorMessage(err) });
    } finally {
      setRunning(null);
    }
  };

  const submitLookup = (event: FormEvent) => {
    event.preventDefault();
    void perform('lookup');
  };

  return (
    <div className="space-y-6">
      <form
        onSubmit={submitLookup}
        noValidate
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
      >
        <FormField
          label="Order ID"
          name="orderId"
          value={orderId}
          onChange={(e) => {
            setOrderId(e.target.value);
            if (current) setCurrent(null);
          }}
          placeholder="e.g. 3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy || noOrder}>
            {running === 'lookup' ? 'Processing...' : 'Look Up Invoice'}
          </Button>
          <Button variant="secondary" disabled={busy || noOrder} onClick={() => void perform('refresh')}>
            {running === 'refresh' ? 'Processing...' : 'Standard Refresh'}
          </Button>
        </div>
      </form>

      {current ? (
        <section
          aria-labelledby={headingId}
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              Current Invoice
            </h2>
            <Amounts invoice={current} />
          </div>
          <FormField
            label="Invoice ID for Direct Fix"
            name="invoiceId"
            value={invoiceId}
            onChange={(e) => setInvoiceId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            hint="Direct Fix sets the total to service + parts + tax and the balance to the total less payments."
          />
          <Button variant="danger" disabled={busy || noOrder || noInvoice} onClick={() => void perform('fix')}>
            {running === 'fix' ? 'Processing...' : 'Direct Fix Invoice'}
          </Button>
        </section>
      ) : null}

      {result?.tone === 'error' ? (
        <Alert tone="error" title="Error">
          {result.message}
        </Alert>
      ) : null}
      {result?.tone === 'success' ? (
        <div role="status">
          <Alert tone="success" title="Success">
            <p>{result.message}</p>
            <Amounts invoice={result.invoice} withBalance />
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
