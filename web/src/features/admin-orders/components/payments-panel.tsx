import { useStaffMay } from '@/lib/staff-role';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { LedgerResult, Payment } from '@gs/shared/api-types';
import { formatDate, formatDateTime } from '@gs/shared/dates';
import { centsToInput, dollarsToCents, formatCents } from '@gs/shared/money';
import { paymentMessages } from '@gs/shared/payment-messages';
import {
  ADJUSTMENT_KINDS,
  LEDGER_FLAG_LABELS,
  LEDGER_KIND_LABELS,
  METHOD_LABELS,
  REFUND_METHODS,
  SHOP_PAYMENT_METHODS,
  isCreditFlag,
  ledgerMessages,
  type AdjustmentKind,
  type RefundMethod,
  type RefundPurpose,
  type ShopPaymentMethod,
  disputeText,
  isDisputeOpen,
} from '@gs/shared/payment-rules';
import { adjustmentSchema, markPriceReductionSchema, refundSchema, shopPaymentSchema } from '@gs/shared/schemas/ledger';
import type * as z from '@gs/shared/schemas/zod';
import { MoneyRow } from '@/components/billing/bill-summary';
import { EntryDispute } from '@/components/billing/entry-dispute';
import { signedAmountCents, signedMoney } from '@/components/billing/ledger';
import { paymentStatusBadge } from '@/components/billing/payment-status-badge';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/field-errors';
import { bodySchema, clearMessages, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { adminOrderKeys } from '@/lib/query-keys';
import { useMarkPriceReduction } from '../api/mark-price-reduction';
import { useRecordAdjustment } from '../api/record-adjustment';
import { useRecordPayment } from '../api/record-payment';
import { useRefundPayment } from '../api/refund-payment';
import { OVERPAYMENT_REFUND_REASON, isCardEntry, newRequestId, refundableCents } from '../ledger';
import type { AdminOrderDetail } from '../types';

export const PAYMENT_FAILED = 'Failed to record the payment. Please try again.';
export const ADJUSTMENT_FAILED = 'Failed to record the adjustment. Please try again.';
export const REFUND_FAILED = 'Failed to refund the payment. Please try again.';
export const MARK_REDUCTION_FAILED = 'Failed to mark the refund as a price reduction. Please try again.';
export const NO_ENTRIES = 'No payments recorded yet.';

/** Refund methods by their meaning in a form (the ledger's own labels read "Refund (Cash)"). */
const REFUND_METHOD_OPTIONS: Record<RefundMethod, string> = {
  card: 'Back to the card (Credit Card)',
  cash: METHOD_LABELS.cash,
  check: METHOD_LABELS.check,
  card_present: METHOD_LABELS.card_present,
};

/** An attempt's outcome as the form shows it: messages under the fields it has, or one alert. */
function placeErrors(fields: FieldErrors, message: string | null, formFields: readonly string[]): { errors: FieldErrors; alert: string | null } {
  const errors: FieldErrors = {};
  for (const [key, text] of Object.entries(fields)) if (formFields.includes(key)) errors[key] = text;
  if (Object.keys(errors).length > 0) return { errors, alert: null };
  return { errors, alert: message ?? Object.values(fields)[0] ?? null };
}

/**
 * One ledger change from a dialog: its form's values made into the route's body (`toBody`), checked with the
 * route's own schema (so the form says what the server would), sent with the attempt's request id, and that
 * id is sent again when the outcome was unknown (a 5xx, no answer), so a retry or double click records once.
 * A 4xx means nothing was recorded under it (or a card refund the provider refused was, as failed): the next
 * try is a new attempt.
 */
function useLedgerAttempt<V extends FieldValues, S extends z.ZodMiniType<{ requestId: string }>>({
  orderId,
  schema,
  toBody,
  defaultValues,
  formFields,
  fallback,
  send,
  onDone,
}: {
  orderId: string;
  schema: S;
  toBody: (values: V) => Omit<z.input<S>, 'requestId'>;
  defaultValues: DefaultValues<V>;
  formFields: readonly string[];
  fallback: string;
  send: (input: z.output<S>) => Promise<LedgerResult>;
  onDone: (result: LedgerResult) => void;
}) {
  const queryClient = useQueryClient();
  // Made once when the dialog opens (the lazy initial state), replaced only when an attempt is over.
  const [firstId] = useState(newRequestId);
  const requestId = useRef(firstId);
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm<V, z.output<S>>({
    resolver: schemaResolver(bodySchema((values: V) => ({ ...toBody(values), requestId: requestId.current }) as z.input<S>, schema)),
    defaultValues,
  });
  // The attempt's outcome when it is not a field's (the server's words, a refused card refund).
  const [message, setMessage] = useState<string | null>(null);
  const { errors, alert } = placeErrors(errorTexts(form.formState.errors), message, formFields);

  const attempt = async (input: z.output<S>) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    setMessage(null);
    try {
      const result = await send(input);
      if (result.payment.paymentStatus === 'failed') {
        requestId.current = newRequestId();
        setMessage(result.payment.notes || fallback);
        return;
      }
      onDone(result);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        requestId.current = newRequestId();
        showErrors(form, error.fields);
        setMessage(error.message);
        // Someone else changed the order: show its numbers as they are now.
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderId) });
      } else {
        setMessage(error instanceof ApiError && error.code === 'network_error' ? error.message : fallback);
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  /** Checks and sends the form (a refusal by the schema replaces the last outcome). */
  const submit = () => void form.handleSubmit(attempt, () => setMessage(null))();

  /**
   * A control of the form (`name`, the contract's `field` for its messages): its props, the error under
   * it, and a change that takes the error away.
   */
  const field = (name: Path<V>, contractField: string) => ({
    ...form.register(name, { onChange: () => clearMessages(form, contractField) }),
    error: errors[contractField],
  });

  return { submit, saving, alert, field, watch: form.watch };
}

type FieldProps = ReturnType<ReturnType<typeof useLedgerAttempt>['field']>;

function AmountField({ hint, ...props }: FieldProps & { hint: string }) {
  return <FormField label="Amount ($)" inputMode="decimal" autoComplete="off" hint={hint} {...props} />;
}

function ReasonField(props: FieldProps) {
  return <TextAreaField label="Reason" rows={2} hint="Shown in the order's history" {...props} />;
}

function LedgerDialog({
  title,
  onClose,
  onSubmit,
  alert,
  saving,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  alert: string | null;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal open onClose={onClose} title={title} size="md">
      <form onSubmit={handle} noValidate aria-label={title} className="space-y-4">
        {children}
        {alert ? <Alert tone="error">{alert}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RecordPaymentDialog({ order, onClose, onDone }: { order: AdminOrderDetail; onClose: () => void; onDone: (r: LedgerResult) => void }) {
  const record = useRecordPayment();
  const attempt = useLedgerAttempt({
    orderId: order.id,
    schema: shopPaymentSchema,
    toBody: ({ method, amount, reference }: { method: ShopPaymentMethod; amount: string; reference: string }) => ({
      method,
      amountCents: dollarsToCents(amount) ?? Number.NaN,
      reference: reference.trim() || undefined,
    }),
    defaultValues: { method: 'cash', amount: centsToInput(Math.max(0, order.invoice.balanceDueCents)), reference: '' },
    formFields: ['method', 'amountCents', 'reference'],
    fallback: PAYMENT_FAILED,
    send: (input) => record.mutateAsync({ orderId: order.id, input }),
    onDone,
  });

  return (
    <LedgerDialog title="Record payment" onClose={onClose} onSubmit={attempt.submit} alert={attempt.alert} saving={attempt.saving} submitLabel="Save payment">
      <p className="text-sm text-slate-700 dark:text-slate-300">Money taken in the shop for {order.orderNumber}.</p>
      <SelectField label="Method" {...attempt.field('method', 'method')}>
        {SHOP_PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <AmountField hint={`Up to ${formatCents(order.invoice.balanceDueCents)}, the balance due`} {...attempt.field('amount', 'amountCents')} />
      <FormField
        label="Reference"
        autoComplete="off"
        hint="Optional: a check number or the terminal's receipt number"
        {...attempt.field('reference', 'reference')}
      />
    </LedgerDialog>
  );
}

function AdjustmentDialog({ order, onClose, onDone }: { order: AdminOrderDetail; onClose: () => void; onDone: (r: LedgerResult) => void }) {
  const record = useRecordAdjustment();
  const attempt = useLedgerAttempt({
    orderId: order.id,
    schema: adjustmentSchema,
    toBody: ({ kind, amount, reason }: { kind: AdjustmentKind; amount: string; reason: string }) => ({ kind, amountCents: dollarsToCents(amount) ?? Number.NaN, reason }),
    defaultValues: { kind: 'discount', amount: '', reason: '' },
    formFields: ['kind', 'amountCents', 'reason'],
    fallback: ADJUSTMENT_FAILED,
    send: (input) => record.mutateAsync({ orderId: order.id, input }),
    onDone,
  });

  return (
    <LedgerDialog title="Discount / write-off" onClose={onClose} onSubmit={attempt.submit} alert={attempt.alert} saving={attempt.saving} submitLabel="Save adjustment">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Lowers what the customer owes on {order.orderNumber} without money changing hands: a discount is a price concession, a write-off a debt given up.
      </p>
      <SelectField label="Kind" {...attempt.field('kind', 'kind')}>
        {ADJUSTMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {METHOD_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <AmountField hint={`Up to ${formatCents(order.invoice.balanceDueCents)}, the balance due`} {...attempt.field('amount', 'amountCents')} />
      <ReasonField {...attempt.field('reason', 'reason')} />
    </LedgerDialog>
  );
}

/** "Cash payment of $20.00 on Jan 5, 2026 10:00 AM" (the day only when `day`). */
const entryText = (p: Payment, { day = false } = {}) =>
  `${p.paymentMethod} ${LEDGER_KIND_LABELS[p.kind].toLowerCase()} of ${formatCents(p.amountCents)} on ${day ? formatDate(p.paymentDate) : formatDateTime(p.paymentDate)}`;

/** What staff choose a refund is (docs/business-rules.md, "What a refund is"). */
export const REFUND_PURPOSE_OPTIONS = {
  price_reduction: 'Price reduction',
  return: 'Return: the customer owes it again',
  overpayment: 'Return of an overpayment',
} as const;

function refundPurposeHint(purpose: RefundPurpose, credit: boolean, cents: number | null): string {
  const amount = cents ? formatCents(cents) : 'the amount';
  if (credit) return 'Money received above the bill goes back; nothing is owed.';
  return purpose === 'price_reduction'
    ? `A discount of ${amount} is added with the refund: no balance comes back, and the customer sees "Refunded".`
    : `The balance due goes back up by ${amount}: the customer is asked to pay it again.`;
}

/** The in-shop method a payment was taken with, so its refund defaults to the same. */
const shopMethodOf = (p: Payment): ShopPaymentMethod => SHOP_PAYMENT_METHODS.find((m) => METHOD_LABELS[m] === p.paymentMethod) ?? 'cash';

function RefundDialog({ order, entry, onClose, onDone }: { order: AdminOrderDetail; entry: Payment; onClose: () => void; onDone: (r: LedgerResult) => void }) {
  const refund = useRefundPayment();
  const card = isCardEntry(entry);
  const credit = entry.kind === 'credit';
  const left = refundableCents(entry);
  const methods = REFUND_METHODS.filter((m) => m !== 'card' || card);
  const attempt = useLedgerAttempt({
    orderId: order.id,
    schema: refundSchema,
    toBody: ({ method, amount, reason, purpose }: { method: RefundMethod; amount: string; reason: string; purpose: RefundPurpose }) => ({ method, amountCents: dollarsToCents(amount) ?? Number.NaN, reason, purpose }),
    // A payment's refund is most often a price reduction; a credit is money above the bill, only ever returned.
    defaultValues: { method: card ? 'card' : shopMethodOf(entry), amount: centsToInput(left), reason: '', purpose: credit ? 'return' : 'price_reduction' },
    formFields: ['method', 'amountCents', 'reason', 'purpose'],
    fallback: REFUND_FAILED,
    send: (input) => refund.mutateAsync({ orderId: order.id, paymentId: entry.paymentId, input }),
    onDone,
  });
  const method = attempt.watch('method');
  const purpose = attempt.watch('purpose');
  const cents = dollarsToCents(attempt.watch('amount'));

  return (
    <LedgerDialog
      title="Refund payment"
      onClose={onClose}
      onSubmit={attempt.submit}
      alert={attempt.alert}
      saving={attempt.saving}
      submitLabel={cents ? `Refund ${formatCents(cents)}` : 'Refund'}
    >
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60">
        <p className="[overflow-wrap:anywhere]">{entryText(entry)}</p>
        <p className="mt-1 font-medium">
          Not yet refunded: <span className="tabular-nums">{formatCents(left)}</span>
        </p>
      </div>
      <SelectField
        label="Refund method"
        hint={method === 'card' ? 'Refunded through the card provider' : 'Money handed back in the shop'}
        {...attempt.field('method', 'method')}
      >
        {methods.map((m) => (
          <option key={m} value={m}>
            {REFUND_METHOD_OPTIONS[m]}
          </option>
        ))}
      </SelectField>
      <AmountField hint={`Up to ${formatCents(left)}`} {...attempt.field('amount', 'amountCents')} />
      <SelectField label="What is this refund?" hint={refundPurposeHint(purpose, credit, cents)} {...attempt.field('purpose', 'purpose')}>
        {credit ? (
          <option value="return">{REFUND_PURPOSE_OPTIONS.overpayment}</option>
        ) : (
          <>
            <option value="price_reduction">{REFUND_PURPOSE_OPTIONS.price_reduction}</option>
            <option value="return">{REFUND_PURPOSE_OPTIONS.return}</option>
          </>
        )}
      </SelectField>
      <ReasonField {...attempt.field('reason', 'reason')} />
    </LedgerDialog>
  );
}

/** A refund made in the card provider's dashboard that the bill still carries (a return of money): staff may say the price went down. */
export const canMarkPriceReduction = (e: Payment) => e.kind === 'refund' && e.fromProvider && e.purpose === 'return' && e.paymentStatus !== 'failed';

/**
 * Marks a refund made at the card provider as a price reduction, after staff confirm its amount and say why (the
 * route is idempotent: marked already, it answers the same, so a retry needs no request id).
 */
function PriceReductionDialog({ order, entry, onClose, onDone }: { order: AdminOrderDetail; entry: Payment; onClose: () => void; onDone: (notice: string) => void }) {
  const mark = useMarkPriceReduction();
  const queryClient = useQueryClient();
  const amount = formatCents(entry.amountCents);
  const form = useSchemaForm<{ reason: string }, z.output<typeof markPriceReductionSchema>>({ resolver: schemaResolver(markPriceReductionSchema), defaultValues: { reason: '' } });
  const [message, setMessage] = useState<string | null>(null);
  const { errors, alert } = placeErrors(errorTexts(form.formState.errors), message, ['reason']);
  const send = async (input: z.output<typeof markPriceReductionSchema>) => {
    setMessage(null);
    try {
      await mark.mutateAsync({ orderId: order.id, paymentId: entry.paymentId, input });
      onDone(ledgerMessages.markedPriceReductionNote(amount));
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        showErrors(form, error.fields);
        setMessage(error.message);
        if (error.status === 409) void queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(order.id) });
      } else setMessage(error instanceof ApiError && error.code === 'network_error' ? error.message : MARK_REDUCTION_FAILED);
    }
  };
  return (
    <LedgerDialog
      title="Mark as price reduction"
      onClose={onClose}
      onSubmit={() => void form.handleSubmit(send, () => setMessage(null))()}
      alert={alert}
      saving={mark.isPending}
      submitLabel={`Mark ${amount} as price reduction`}
    >
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60">
        <p className="[overflow-wrap:anywhere]">{entryText(entry)}, made at the card provider.</p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Was the price lowered by {amount}? A discount of {amount} is added: the balance due goes down by {amount} and the customer is not asked to pay it again.
      </p>
      <TextAreaField
        label="Reason"
        rows={2}
        hint="Shown in the order's history"
        {...form.register('reason', { onChange: () => clearMessages(form, 'reason') })}
        error={errors.reason}
      />
    </LedgerDialog>
  );
}

/** A flagged entry, loudly: a credit the shop holds gets its one-click refund to the card. */
function FlagNotice({ order, entry, onDone }: { order: AdminOrderDetail; entry: Payment; onDone: (r: LedgerResult) => void }) {
  const refund = useRefundPayment();
  const left = refundableCents(entry);
  const oneClick = isCreditFlag(entry.flag) && isCardEntry(entry) && left > 0;
  // A form without fields: the refund of what is left, to the card.
  const attempt = useLedgerAttempt({
    orderId: order.id,
    schema: refundSchema,
    toBody: () => ({ method: 'card' as const, amountCents: left, reason: OVERPAYMENT_REFUND_REASON, purpose: 'return' as const }),
    defaultValues: {},
    formFields: [],
    fallback: REFUND_FAILED,
    send: (input) => refund.mutateAsync({ orderId: order.id, paymentId: entry.paymentId, input }),
    onDone,
  });
  if (!entry.flag) return null;
  return (
    <div role="group" aria-label={LEDGER_FLAG_LABELS[entry.flag]} data-flag={entry.flag}>
      <Alert tone={isCreditFlag(entry.flag) ? 'error' : 'warning'} title={LEDGER_FLAG_LABELS[entry.flag]}>
        <p className="[overflow-wrap:anywhere]">
          {entry.flag === 'overpayment'
            ? paymentMessages.creditNote(formatCents(left), entry.flag)
            : entry.flag === 'order_deleted'
              ? paymentMessages.creditNote(formatCents(entry.amountCents), entry.flag)
              : entry.flag === 'unconfirmed'
                ? `A card payment of ${formatCents(entry.amountCents)} was reported but not confirmed by the card provider. ${entry.notes ?? ''} Check it in the provider's dashboard.`
                : paymentMessages.archivedNote(formatCents(entry.amountCents))}
        </p>
        <p className="mt-1 text-xs">{entry.flag === 'unconfirmed' ? 'Reported' : 'Received'} {formatDateTime(entry.paymentDate)}</p>
        {oneClick ? (
          <Button
            variant="danger"
            className="mt-2"
            disabled={attempt.saving}
            onClick={attempt.submit}
          >
            {attempt.saving ? 'Refunding...' : `Refund ${formatCents(left)} to card`}
          </Button>
        ) : null}
      </Alert>
      {attempt.alert ? (
        <Alert tone="error" className="mt-2">
          {attempt.alert}
        </Alert>
      ) : null}
    </div>
  );
}

// A table when its box is wide (≥ 56rem: the modal at full width); in a narrower box (the modal's
// side column, a tablet, a phone) each entry is a small card on a grid: the date; the entry and its
// amount; its status and the Refund button; then the details. The headers are then read out only.
const cell = 'p-0 @4xl:table-cell @4xl:px-3 @4xl:py-2 @4xl:align-top';

function EntryDetails({ entry, byId }: { entry: Payment; byId: Map<string, Payment> }) {
  const parts: ReactNode[] = [];
  if (entry.reason) parts.push(entry.kind === 'payment' ? `Reference: ${entry.reason}` : entry.reason);
  if (entry.kind === 'refund' && entry.refundOf) {
    const source = byId.get(entry.refundOf);
    parts.push(source ? `Refund of the ${entryText(source, { day: true })}` : 'Refund of an earlier payment');
  }
  if ((entry.kind === 'payment' || entry.kind === 'credit') && entry.refundedCents > 0) {
    parts.push(
      <span className="font-medium text-slate-800 dark:text-slate-200">
        {entry.refundedCents >= entry.amountCents ? `Fully refunded (${formatCents(entry.refundedCents)})` : `Refunded ${formatCents(entry.refundedCents)} of ${formatCents(entry.amountCents)}`}
      </span>,
    );
  }
  if (entry.dispute && entry.kind !== 'refund') parts.push(<EntryDispute entry={entry} />);
  if (entry.notes && entry.paymentStatus !== 'failed') parts.push(entry.notes);
  if (entry.receiptUrl) {
    parts.push(
      <a href={entry.receiptUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
        View receipt<span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {parts.map((p, i) => (
        <li key={i}>{p}</li>
      ))}
    </ul>
  );
}

function LedgerTable({ entries, onRefund, onMarkReduction, busy, owner }: { entries: Payment[]; onRefund: (entry: Payment) => void; onMarkReduction: (entry: Payment) => void; busy: boolean; owner: boolean }) {
  const byId = new Map(entries.map((e) => [e.paymentId, e]));
  return (
    <div className="@container overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table role="table" className="block w-full text-left text-sm @4xl:table">
        <caption className="sr-only">Payments, refunds and adjustments, oldest first</caption>
        <thead role="rowgroup" className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase @4xl:not-sr-only dark:bg-slate-800 dark:text-slate-300">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2">Date</th>
            <th role="columnheader" scope="col" className="px-3 py-2">Entry</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right">Amount</th>
            <th role="columnheader" scope="col" className="px-3 py-2">Status</th>
            <th role="columnheader" scope="col" className="px-3 py-2">Details</th>
            <th role="columnheader" scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-200 @4xl:table-row-group dark:divide-slate-700">
          {entries.length === 0 ? (
            <tr role="row" className="block px-3 py-3 @4xl:table-row">
              <td role="cell" colSpan={6} className={`${cell} text-slate-600 dark:text-slate-400`}>
                {NO_ENTRIES}
              </td>
            </tr>
          ) : (
            entries.map((entry) => {
              const status = paymentStatusBadge(entry.paymentStatus, entry.flag);
              const cents = signedAmountCents(entry);
              const left = refundableCents(entry);
              return (
                <tr
                  role="row"
                  key={entry.paymentId}
                  data-kind={entry.kind}
                  data-status={entry.paymentStatus}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 px-3 py-2 @4xl:table-row @4xl:p-0"
                >
                  <td role="cell" className={`${cell} col-span-2 text-xs text-slate-600 @4xl:text-sm @4xl:whitespace-nowrap @4xl:text-inherit dark:text-slate-400 dark:@4xl:text-inherit`}>
                    {formatDateTime(entry.paymentDate)}
                  </td>
                  <td role="cell" className={`${cell} min-w-0 [overflow-wrap:anywhere]`}>
                    <span className="block font-medium">{entry.paymentMethod}</span>
                    {entry.kind !== 'refund' ? <span className="block text-xs text-slate-600 dark:text-slate-400">{LEDGER_KIND_LABELS[entry.kind]}</span> : null}
                    {entry.flag ? (
                      <Badge tone={isCreditFlag(entry.flag) ? 'red' : 'warning'} className="mt-1 whitespace-normal">
                        {LEDGER_FLAG_LABELS[entry.flag]}
                      </Badge>
                    ) : null}
                  </td>
                  <td
                    role="cell"
                    data-testid="ledger-amount"
                    data-cents={cents}
                    className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums ${cents < 0 ? 'text-red-700 dark:text-red-300' : ''}`}
                  >
                    {signedMoney(cents)}
                  </td>
                  <td role="cell" className={`${cell} min-w-0 self-center @4xl:self-auto`}>
                    <Badge tone={status.tone}>{status.label}</Badge>
                    {entry.paymentStatus === 'failed' && entry.notes ? (
                      <span className="mt-1 block text-xs text-red-700 [overflow-wrap:anywhere] dark:text-red-300">{entry.notes}</span>
                    ) : null}
                  </td>
                  <td role="cell" className={`${cell} order-last col-span-2 min-w-0 text-xs text-slate-700 [overflow-wrap:anywhere] @4xl:order-none @4xl:text-sm dark:text-slate-300`}>
                    <EntryDetails entry={entry} byId={byId} />
                  </td>
                  <td role="cell" className={`${cell} justify-self-end @4xl:text-right`}>
                    {!owner ? null : left > 0 ? (
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        disabled={busy}
                        aria-label={`Refund ${entry.paymentMethod} ${LEDGER_KIND_LABELS[entry.kind].toLowerCase()} of ${formatCents(entry.amountCents)}`}
                        onClick={() => onRefund(entry)}
                      >
                        Refund
                      </Button>
                    ) : canMarkPriceReduction(entry) ? (
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        disabled={busy}
                        aria-label={`Mark the refund of ${formatCents(entry.amountCents)} as a price reduction`}
                        onClick={() => onMarkReduction(entry)}
                      >
                        Mark as price reduction
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

const panelHeadingId = (orderId: string) => `payments-${orderId}`;

/**
 * At the top of the order editor: money the shop holds above the bill, which the payments panel
 * (further down the side column) refunds. Nothing when no credit is held.
 */
export function HeldCreditBanner({ order }: { order: AdminOrderDetail }) {
  if (order.invoice.creditCents <= 0) return null;
  const show = () => {
    const heading = document.getElementById(panelHeadingId(order.id));
    heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <Alert tone="error" title="Credit to refund">
      <p>
        {formatCents(order.invoice.creditCents)} received above the bill is held for this customer. Refund it under Payments and Refunds.
      </p>
      <Button variant="secondary" className="mt-2 px-3 py-1" onClick={show}>
        Show payments
      </Button>
    </Alert>
  );
}

/**
 * At the top of the order editor: card money of this order under an open dispute ("Disputed $110.00 · Needs
 * response"), which the release counts as not received until the dispute is won. Nothing when none is open.
 */
export function DisputeBanner({ order }: { order: AdminOrderDetail }) {
  const disputed = order.invoice.disputedCents ?? 0;
  if (disputed <= 0) return null;
  const open = order.payments.filter((p) => p.kind !== 'refund' && p.dispute && isDisputeOpen(p.dispute.status));
  const status = open[0]?.dispute?.status ?? 'needs_response';
  return (
    <Alert tone="error" title="Payment disputed">
      <p data-testid="order-dispute">{disputeText({ amountCents: disputed, status })}</p>
      <p className="mt-1 text-sm">
        The customer&rsquo;s card issuer disputed this money: it does not count as received until the dispute is won, and the firearm is not released without an override. Answer the dispute in the card provider&rsquo;s dashboard.
      </p>
    </Alert>
  );
}

type Dialog = { kind: 'payment' } | { kind: 'adjustment' } | { kind: 'refund'; entry: Payment } | { kind: 'price_reduction'; entry: Payment } | null;

/** What the panel says after a change was recorded. */
function doneText({ payment }: LedgerResult): string {
  const amount = formatCents(payment.amountCents);
  if (payment.kind === 'refund') {
    return payment.paymentStatus === 'pending' ? `${payment.paymentMethod}: ${amount} requested, waiting for the card provider.` : `${payment.paymentMethod}: ${amount} refunded.`;
  }
  return payment.kind === 'adjustment' ? `${payment.paymentMethod} of ${amount} recorded.` : `${payment.paymentMethod} payment of ${amount} recorded.`;
}

/**
 * An order's ledger for staff: every payment, refund, adjustment and credit (refunds negative), the
 * invoice's money (total, discounts, paid, credit, balance), flagged entries loudly (a credit held gets
 * a one-click refund to the card), and the dialogs that record money taken in the shop, a discount or
 * write-off, or a refund.
 */
export function PaymentsPanel({ order }: { order: AdminOrderDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // Payments taken in the shop are the counter's; write-offs and refunds the owner's (shared/src/staff.ts).
  const counter = useStaffMay('counter');
  const owner = useStaffMay('owner');
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = panelHeadingId(order.id);
  const entries = [...order.payments].sort((a, b) => a.paymentDate.localeCompare(b.paymentDate) || a.paymentId.localeCompare(b.paymentId));
  const flagged = entries.filter((e) => e.flag && (e.flag === 'order_archived' || (e.flag === 'unconfirmed' && e.paymentStatus === 'pending') || refundableCents(e) > 0));
  const { invoice } = order;
  const nothingDue = invoice.balanceDueCents <= 0;

  const onDone = (result: LedgerResult) => {
    setDialog(null);
    setNotice(doneText(result));
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          Payments and Refunds
        </h3>
        <a href={paths.admin.orderInvoice.getHref(order.id)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'px-3 py-1.5')}>
          Print invoice<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>

      {flagged.map((entry) => (
        <FlagNotice key={entry.paymentId} order={order} entry={entry} onDone={onDone} />
      ))}

      <section aria-label="Ledger summary">
        {/* Unlike a bill, staff always see the discounts and the credit held, and the balance last. */}
        <dl className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800/60">
          <MoneyRow dense label="Total" cents={invoice.totalCents} testId="ledger-total" />
          <MoneyRow dense label="Discounts and write-offs" cents={invoice.adjustmentsCents} testId="ledger-adjustments" negative={invoice.adjustmentsCents > 0} />
          <MoneyRow dense label="Amount Paid" cents={invoice.amountPaidCents} testId="ledger-paid" />
          <MoneyRow
            dense
            label="Credit to refund"
            cents={invoice.creditCents}
            testId="ledger-credit"
            muted={invoice.creditCents <= 0}
            className={invoice.creditCents > 0 ? 'font-semibold text-red-800 dark:text-red-300' : ''}
          />
          <MoneyRow dense label="Balance Due" cents={invoice.balanceDueCents} testId="ledger-balance" strong className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700" />
        </dl>
      </section>

      <div className="flex flex-wrap items-center gap-2">
        {counter ? (
          <Button variant="secondary" disabled={nothingDue} onClick={() => { setNotice(null); setDialog({ kind: 'payment' }); }}>
            Record payment
          </Button>
        ) : null}
        {owner ? (
          <Button variant="secondary" disabled={nothingDue} onClick={() => { setNotice(null); setDialog({ kind: 'adjustment' }); }}>
            Discount / write-off
          </Button>
        ) : null}
        {nothingDue ? <p className="text-sm text-slate-600 dark:text-slate-400">{ledgerMessages.noBalanceDue}.</p> : null}
      </div>

      {notice ? (
        <p role="status" data-testid="ledger-notice" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
          {notice}
        </p>
      ) : null}

      <LedgerTable
        entries={entries}
        busy={dialog !== null}
        owner={owner}
        onRefund={(entry) => { setNotice(null); setDialog({ kind: 'refund', entry }); }}
        onMarkReduction={(entry) => { setNotice(null); setDialog({ kind: 'price_reduction', entry }); }}
      />

      {dialog?.kind === 'payment' ? <RecordPaymentDialog order={order} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === 'adjustment' ? <AdjustmentDialog order={order} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === 'refund' ? <RefundDialog order={order} entry={dialog.entry} onClose={() => setDialog(null)} onDone={onDone} /> : null}
      {dialog?.kind === 'price_reduction' ? (
        <PriceReductionDialog order={order} entry={dialog.entry} onClose={() => setDialog(null)} onDone={(text) => { setDialog(null); setNotice(text); }} />
      ) : null}
    </section>
  );
}
