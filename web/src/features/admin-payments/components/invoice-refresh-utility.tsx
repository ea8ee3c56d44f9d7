import { useId, useRef, useState, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import type { Invoice, InvoiceCheck, InvoiceFix } from '@gs/shared/api-types';
import { MINIMUM_FEE_LABEL, taxLabel } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { invoiceMessages } from '@gs/shared/payment-messages';
import { invoiceRefreshSchema } from '@gs/shared/schemas/admin-payments';
import * as z from '@gs/shared/schemas/zod';
import { errorMessage } from '@/components/errors/error-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorTexts, schemaResolver, useSchemaForm } from '@/lib/form';
import { applyInvoiceFix, lookUpInvoice, previewInvoiceFix, refreshInvoice } from '../api/invoices';

type Action = 'lookup' | 'refresh' | 'fix' | 'confirm';
type Result = { tone: 'error'; message: string } | { tone: 'success'; message: string; invoice: Invoice } | null;
/** What the tool shows as the current invoice: a lookup also says what the order item has stored. */
type Current = { invoice: Invoice; orderNumber?: string; stored?: InvoiceCheck['stored'] };

interface ToolValues {
  orderId: string;
  invoiceId: string;
}

/** Look Up and Standard Refresh need the order (the routes' own rule: GET /api/admin/invoices, POST /api/admin/invoices/refresh). */
const orderSchema = z.object({ orderId: invoiceRefreshSchema.shape.orderId, invoiceId: z.string() });
/** A Direct Fix needs the invoice too (its id is in the route's path: this tool's own check, with the routes' message). */
const fixSchema = z.object({
  orderId: invoiceRefreshSchema.shape.orderId,
  invoiceId: z.string().check(z.refine((v) => v.trim() !== '', invoiceMessages.bothIdsRequired)),
});
const resolvers: Record<'order' | 'fix', Resolver<ToolValues, unknown, ToolValues>> = {
  order: schemaResolver(orderSchema),
  fix: schemaResolver(fixSchema),
};

const PAYMENT_STATUS_LABELS: Record<Invoice['paymentStatus'], string> = { unpaid: 'Unpaid', partially_paid: 'Partially Paid', paid: 'Paid' };

function Amounts({ invoice }: { invoice: Invoice }) {
  const rows: Array<[string, ReactNode]> = [
    ['Invoice ID', <span className="font-mono break-all">{invoice.invoiceId}</span>],
    ['Service', formatCents(invoice.serviceCents)],
    ['Parts', formatCents(invoice.partsCents)],
    ['Labor', formatCents(invoice.laborCents)],
    ...(invoice.minimumFeeCents ? [[MINIMUM_FEE_LABEL, formatCents(invoice.minimumFeeCents)] as [string, ReactNode]] : []),
    [taxLabel(invoice.taxRatePpm), formatCents(invoice.taxCents)],
    ['Shipping', formatCents(invoice.shippingCents)],
    ['Total', formatCents(invoice.totalCents)],
    ['Amount Paid', formatCents(invoice.amountPaidCents)],
    ['Balance Due', formatCents(invoice.balanceDueCents)],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[minmax(0,max-content)_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="opacity-80">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const storedDiffers = ({ invoice, stored }: Current) =>
  !!stored &&
  (stored.totalCents !== invoice.totalCents || stored.balanceDueCents !== invoice.balanceDueCents || stored.amountPaidCents !== invoice.amountPaidCents);

/** Before → after of a Direct Fix, row by row; unchanged rows are shown plainly. */
function FixPreview({ fix }: { fix: InvoiceFix }) {
  const rows: Array<[string, string, string]> = [
    ['Total', formatCents(fix.before.totalCents), formatCents(fix.after.totalCents)],
    ['Amount Paid', formatCents(fix.before.amountPaidCents), formatCents(fix.after.amountPaidCents)],
    ['Balance Due', formatCents(fix.before.balanceDueCents), formatCents(fix.after.balanceDueCents)],
    ['Payment Status', PAYMENT_STATUS_LABELS[fix.before.paymentStatus], PAYMENT_STATUS_LABELS[fix.after.paymentStatus]],
  ];
  const changes = rows.some(([, before, after]) => before !== after);
  return (
    <div className="space-y-2">
      <table className="w-full text-left text-sm" aria-label="Direct Fix preview">
        <thead className="text-xs tracking-wide text-slate-600 uppercase dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-3">Amount</th>
            <th scope="col" className="py-1 pr-3 text-right">Before</th>
            <th scope="col" className="py-1 text-right">After</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map(([label, before, after]) => (
            <tr key={label} className={before !== after ? 'font-semibold' : undefined}>
              <th scope="row" className="py-1 pr-3 font-normal">
                {label}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{before}</td>
              <td className="py-1 text-right tabular-nums">
                {before !== after ? <span aria-hidden="true">→ </span> : null}
                {after}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes ? null : <p className="text-sm text-slate-600 dark:text-slate-400">Nothing changes: the invoice already matches the payment records.</p>}
    </div>
  );
}

/**
 * Admin tool: look an order's invoice up (by id or number), store it as the calculator makes it
 * ("Standard Refresh"), or re-read the amount paid from the payment records ("Direct Fix"): a
 * Direct Fix is previewed first and applied only on confirmation, to the order version previewed.
 * Server messages are shown as they come.
 */
export function InvoiceRefreshUtility() {
  // The action a submit is for: it decides which ids are needed.
  const checking = useRef<Action>('lookup');
  const form = useSchemaForm<ToolValues>({
    resolver: (values, context, options) => resolvers[checking.current === 'fix' || checking.current === 'confirm' ? 'fix' : 'order'](values, context, options),
    defaultValues: { orderId: '', invoiceId: '' },
  });
  const { register, setValue, getValues } = form;
  const { orderId, invoiceId } = form.watch();
  const [current, setCurrent] = useState<Current | null>(null);
  const [preview, setPreview] = useState<InvoiceFix | null>(null);
  const [running, setRunning] = useState<Action | null>(null);
  const [result, setResult] = useState<Result>(null);
  const headingId = useId();
  const previewHeadingId = useId();

  const busy = running !== null;
  // Empty fields disable the buttons; a field of spaces gets the message instead.
  const noOrder = orderId === '';
  const noInvoice = invoiceId === '';

  const run = async (action: Action, { orderId: order, invoiceId: typed }: ToolValues) => {
    const invoice = typed.trim();
    setRunning(action);
    setResult(null);
    try {
      if (action === 'lookup') {
        const check = await lookUpInvoice(order);
        setCurrent({ invoice: check.invoice, orderNumber: check.orderNumber, stored: check.stored });
        setValue('invoiceId', check.invoice.invoiceId);
        setPreview(null);
      } else if (action === 'refresh') {
        const updated = await refreshInvoice(order);
        setCurrent({ invoice: updated });
        if (!getValues('invoiceId')) setValue('invoiceId', updated.invoiceId);
        setPreview(null);
        setResult({ tone: 'success', message: 'Invoice refreshed successfully.', invoice: updated });
      } else if (action === 'fix') {
        setPreview(await previewInvoiceFix({ orderId: order, invoiceId: invoice }));
      } else if (preview) {
        const fixed = await applyInvoiceFix({ orderId: order, invoiceId: invoice, version: preview.version });
        setCurrent({ invoice: fixed.after, orderNumber: fixed.orderNumber });
        setPreview(null);
        setResult({ tone: 'success', message: 'Invoice fixed successfully.', invoice: fixed.after });
      }
    } catch (err) {
      // A stale preview (409) must be previewed again: it is dropped with the server's message.
      if (action === 'confirm') setPreview(null);
      setResult({ tone: 'error', message: errorMessage(err) });
    } finally {
      setRunning(null);
    }
  };

  // The ids are checked first; what is missing is said in the tool's one message (the order before the invoice).
  const perform = (action: Action) => {
    if (busy) return;
    checking.current = action;
    void form.handleSubmit(
      (values) => run(action, values),
      (errors) => {
        const texts = errorTexts(errors);
        setResult({ tone: 'error', message: texts.orderId ?? texts.invoiceId });
      },
    )();
  };

  const label = (action: Action, text: string) => (running === action ? 'Processing...' : text);

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          perform('lookup');
        }}
        noValidate
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
      >
        <FormField
          label="Order ID"
          {...register('orderId', {
            // Another order: what was shown for the last one goes.
            onChange: () => {
              setCurrent(null);
              setPreview(null);
            },
          })}
          placeholder="Order ID or number (GS-000123)"
          hint="The order's ID or its number."
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy || noOrder}>
            {label('lookup', 'Look Up Invoice')}
          </Button>
          <Button variant="secondary" disabled={busy || noOrder} onClick={() => perform('refresh')}>
            {label('refresh', 'Standard Refresh')}
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
              Current Invoice{current.orderNumber ? ` · ${current.orderNumber}` : ''}
            </h2>
            <Amounts invoice={current.invoice} />
          </div>
          {current.stored && storedDiffers(current) ? (
            <Alert tone="warning" title="Stored invoice differs">
              <p>
                The order lists show a total of {formatCents(current.stored.totalCents)}, {formatCents(current.stored.amountPaidCents)} paid and a balance
                due of {formatCents(current.stored.balanceDueCents)}. Standard Refresh stores the amounts above.
              </p>
            </Alert>
          ) : null}
          <FormField
            label="Invoice ID for Direct Fix"
            {...register('invoiceId', { onChange: () => setPreview(null) })}
            autoComplete="off"
            spellCheck={false}
            hint="Direct Fix re-reads the amount paid from the order's payment records. You see the change before it is saved."
          />
          <Button variant="danger" disabled={busy || noOrder || noInvoice} onClick={() => perform('fix')}>
            {label('fix', 'Direct Fix Invoice')}
          </Button>

          {preview ? (
            <section aria-labelledby={previewHeadingId} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40">
              <h3 id={previewHeadingId} className="font-semibold">
                Direct Fix preview · {preview.orderNumber}
              </h3>
              <FixPreview fix={preview} />
              <div className="flex flex-wrap gap-3">
                <Button variant="danger" disabled={busy} onClick={() => perform('confirm')}>
                  {label('confirm', 'Confirm Direct Fix')}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setPreview(null)}>
                  Cancel
                </Button>
              </div>
            </section>
          ) : null}
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
            <Amounts invoice={result.invoice} />
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
