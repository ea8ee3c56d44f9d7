import { useId, useState } from 'react';
import { adminMessages } from '@gs/shared/admin-messages';
import { formatDate, formatDateTime } from '@gs/shared/dates';
import { billedExtraCents, formatHours, hoursToHundredths, laborLineCents, LINE_KIND_LABELS, LINE_KINDS, lineLabel, requestAmounts, taxLabel, type LineKind } from '@gs/shared/invoice';
import { centsToInput, dollarsToCents, formatCents } from '@gs/shared/money';
import { LINE_KIND_OF_TYPE, SERVICE_TYPE_KIND_LABELS, serviceTypeDefaultText, serviceTypeMessages } from '@gs/shared/service-types';
import { useServiceTypes } from '@/lib/service-types';
import { addLineSchema, approvalRequestSchema, type AddLineInput, type ApprovalRequestInput } from '@gs/shared/schemas/admin-orders';
import type * as z from '@gs/shared/schemas/zod';
import { BillSummary } from '@/components/billing/bill-summary';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { TrashIcon } from '@/components/ui/icons';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { renameFields, type FieldErrors } from '@/lib/field-errors';
import { bodySchema, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useAddLine } from '../api/add-line';
import { useRemoveLine } from '../api/remove-line';
import { useRequestApproval } from '../api/request-approval';
import { useWithdrawApproval } from '../api/withdraw-approval';
import { LINE_STATE_BADGES, REQUEST_STATUS_BADGES, isRequestable, pendingRequestOf } from '../extra-work';
import type { AdminOrder, ApprovalRequest, ExtraLine } from '../types';

export const PART_ADD_FAILED = 'Failed to add part. Please try again.';
export const PART_DELETE_FAILED = 'Failed to delete part. Please try again.';
export const REMOVE_PART_CONFIRM = 'Are you sure you want to remove this part?';
export const APPROVAL_FAILED = 'Failed to request approval. Please try again.';
export const WITHDRAW_FAILED = 'Failed to withdraw the approval request. Please try again.';
export const APPROVAL_REQUESTED = 'Approval requested. The customer has been notified.';

/** The server's words when it refuses something the admin can fix (400) or that changed meanwhile (409). */
const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.message : fallback;

type Notice = { tone: 'success' | 'error'; text: string } | null;

function NoticeText({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.tone === 'error' ? (
    <Alert tone="error">{notice.text}</Alert>
  ) : (
    <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
      {notice.text}
    </p>
  );
}

// The table is a table when its box is wide (≥ 36rem); in a narrow box (the modal's side column,
// a phone) each row wraps into a small card: the column headers are then only read out, and short
// visual labels stand in the cells (hidden from screen readers, which have the headers).
const cell = 'p-0 @xl:table-cell @xl:px-3 @xl:py-2';
const inlineLabel = 'text-slate-600 @xl:hidden dark:text-slate-400';

function LinesTable({ order, onRemove, removing }: { order: AdminOrder; onRemove: (line: ExtraLine) => void; removing: boolean }) {
  const billedCents = billedExtraCents(order.invoice);
  return (
    <div className="@container rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="block w-full text-left text-sm @xl:table">
        <caption className="sr-only">Parts and additional costs</caption>
        <thead className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase @xl:not-sr-only dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">Kind</th>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2 text-right">Quantity</th>
            <th scope="col" className="px-3 py-2 text-right">Cost</th>
            <th scope="col" className="px-3 py-2 text-right">Line Total</th>
            <th scope="col" className="px-3 py-2">State</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 @xl:table-row-group dark:divide-slate-700">
          {order.lines.length === 0 ? (
            <tr className="block px-3 py-3 @xl:table-row">
              <td colSpan={7} className={`${cell} text-slate-600 dark:text-slate-400`}>
                No parts or charges added yet.
              </td>
            </tr>
          ) : (
            order.lines.map((line) => {
              const badge = LINE_STATE_BADGES[line.state];
              return (
                <tr key={line.id} data-line-state={line.state} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 @xl:table-row @xl:p-0">
                  <td className={`${cell} basis-full text-xs tracking-wide text-slate-600 uppercase @xl:text-sm @xl:tracking-normal @xl:normal-case dark:text-slate-400`}>
                    {LINE_KIND_LABELS[line.kind]}
                  </td>
                  <td className={`${cell} min-w-0 basis-full [overflow-wrap:anywhere]`}>
                    <span className="font-medium">{line.name}</span>
                    {line.hours != null && line.rateCents != null ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {line.hours} h × {formatCents(line.rateCents)}
                      </span>
                    ) : null}
                    {line.description ? <span className="block text-xs text-slate-600 dark:text-slate-400">{line.description}</span> : null}
                  </td>
                  <td className={`${cell} tabular-nums @xl:text-right`}>
                    <span className={inlineLabel} aria-hidden="true">
                      Qty{' '}
                    </span>
                    {line.quantity}
                  </td>
                  <td className={`${cell} tabular-nums @xl:text-right`}>
                    <span className={inlineLabel} aria-hidden="true">
                      at{' '}
                    </span>
                    {formatCents(line.unitCents)}
                  </td>
                  <td className={`${cell} font-semibold tabular-nums @xl:text-right @xl:font-normal`}>
                    <span className={`${inlineLabel} font-normal`} aria-hidden="true">
                      ={' '}
                    </span>
                    {formatCents(line.lineTotalCents)}
                  </td>
                  <td className={cell}>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </td>
                  <td className={`${cell} ml-auto @xl:text-right`}>
                    <button
                      type="button"
                      aria-label={`Remove ${line.name}`}
                      title={line.state === 'pending' ? adminMessages.lineAwaitingApproval : undefined}
                      onClick={() => onRemove(line)}
                      disabled={removing || line.state === 'pending'}
                      className="rounded p-1.5 text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-red-300 dark:hover:bg-red-950"
                    >
                      <TrashIcon />
                    </button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
        <tfoot className="block border-t border-slate-300 @xl:table-footer-group dark:border-slate-600">
          <tr className="flex items-baseline justify-between gap-x-3 px-3 py-2 @xl:table-row @xl:p-0">
            <th scope="row" colSpan={4} className={`${cell} font-semibold @xl:text-right`}>
              Total Additional Cost
            </th>
            <td className={`${cell} font-semibold tabular-nums @xl:text-right`} data-testid="parts-total" data-cents={billedCents}>
              {formatCents(billedCents)}
            </td>
            <td colSpan={2} className="hidden @xl:table-cell" />
          </tr>
          {order.invoice.pendingApprovalCents > 0 ? (
            <tr className="flex items-baseline justify-between gap-x-3 px-3 pb-2 text-amber-800 @xl:table-row @xl:p-0 dark:text-amber-300">
              <th scope="row" colSpan={4} className={`${cell} font-normal @xl:text-right`}>
                Awaiting approval (not billed)
              </th>
              <td className={`${cell} tabular-nums @xl:text-right`} data-testid="pending-total">
                {formatCents(order.invoice.pendingApprovalCents)}
              </td>
              <td colSpan={2} className="hidden @xl:table-cell" />
            </tr>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}

interface LineValues {
  /** The price-list entry picked ('' = typed by hand). */
  serviceTypeId: string;
  kind: LineKind;
  name: string;
  description: string;
  cost: string;
  quantity: string;
  /** Labor with hours is billed by the hour: hours × the rate (blank rate: the shop's labor rate); without, a flat cost. */
  hours: string;
  rate: string;
  needsApproval: boolean;
}
type LineErrors = Partial<Record<'serviceTypeId' | 'kind' | 'name' | 'description' | 'cost' | 'quantity' | 'hours' | 'rate', string>>;

const EMPTY_LINE: LineValues = { serviceTypeId: '', kind: 'part', name: '', description: '', cost: '', quantity: '1', hours: '', rate: '', needsApproval: false };
const LINE_FIELDS: readonly string[] = ['serviceTypeId', 'kind', 'name', 'description', 'cost', 'quantity', 'hours', 'rate'] satisfies (keyof LineErrors)[];

/** Labor with hours typed is billed by the hour. */
const byTheHour = (values: Pick<LineValues, 'kind' | 'hours'>) => values.kind === 'labor' && values.hours.trim() !== '';

/** The request as the server's schema reads it: a quantity is whole digits or nothing; labor by the hour is hours (and a rate when typed). */
const toLineInput = (values: LineValues): z.input<typeof addLineSchema> => ({
  kind: values.kind,
  name: values.name,
  description: values.description.trim() || undefined,
  ...(values.serviceTypeId ? { serviceTypeId: values.serviceTypeId } : {}),
  ...(byTheHour(values)
    ? { hoursHundredths: hoursToHundredths(values.hours) ?? Number.NaN, ...(values.rate.trim() ? { rateCents: dollarsToCents(values.rate) ?? Number.NaN } : {}) }
    : {
        unitCents: dollarsToCents(values.cost) ?? Number.NaN,
        quantity: /^\d+$/.test(values.quantity.trim()) ? Number(values.quantity) : Number.NaN,
      }),
  needsApproval: values.needsApproval,
});

/** The route's own schema, so the form refuses what the server would, with its words (the cost is the contract's `unitCents`). */
const lineSchema = bodySchema(toLineInput, addLineSchema);
const LINE_FORM_NAMES = { unitCents: 'cost', hoursHundredths: 'hours', rateCents: 'rate' };

/** The contract's field errors under the form's fields (the cost is `unitCents`); others are not the form's. */
function lineErrors(fields: FieldErrors): LineErrors {
  const errors: LineErrors = {};
  for (const [field, text] of Object.entries(renameFields(fields, LINE_FORM_NAMES))) if (LINE_FIELDS.includes(field)) errors[field as keyof LineErrors] = text;
  return errors;
}

function AddLineForm({ order, onAdded }: { order: AdminOrder; onAdded: (added: AdminOrder, before: AdminOrder) => void }) {
  const add = useAddLine();
  const types = useServiceTypes();
  const form = useSchemaForm<LineValues, AddLineInput>({ resolver: schemaResolver(lineSchema, { formNames: LINE_FORM_NAMES }), defaultValues: EMPTY_LINE });
  const { register, clearErrors, reset, setValue } = form;
  const values = form.watch();
  const errors = lineErrors(errorTexts(form.formState.errors));
  const [message, setMessage] = useState<string | null>(null);
  // A line typed but not added (its kind and approval box alone are not worth asking about).
  useReportUnsaved((['name', 'description', 'cost', 'quantity', 'hours', 'rate'] as const).some((k) => values[k].trim() !== EMPTY_LINE[k]));
  const shopRate = types.data?.laborRateCents;
  // The server prices the line; this is its preview, by the same shared calculator.
  const hours = hoursToHundredths(values.hours);
  const rate = values.rate.trim() ? dollarsToCents(values.rate) : (shopRate ?? null);
  const laborPreview = byTheHour(values) && hours !== null && rate !== null ? `${formatHours(hours)} h × ${formatCents(rate)} = ${formatCents(laborLineCents(hours, rate))}` : null;

  // Typing in a field takes its message away; picking from the price list fills the line from the type.
  const field = (key: keyof LineErrors) => register(key, { onChange: () => clearErrors(key) });
  const pickType = (id: string) => {
    clearErrors();
    const type = types.data?.items.find((t) => t.id === id);
    setValue('serviceTypeId', type ? type.id : '');
    if (!type) return;
    setValue('kind', LINE_KIND_OF_TYPE[type.kind]);
    setValue('name', type.name);
    if (type.kind === 'labor') setValue('hours', formatHours(type.defaultHoursHundredths ?? 0));
    else setValue('cost', centsToInput(type.defaultPriceCents ?? 0));
  };

  const addLine = async (input: AddLineInput) => {
    try {
      const next = await add.mutateAsync({ orderId: order.id, input });
      reset({ ...EMPTY_LINE, kind: values.kind });
      onAdded(next, order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) showErrors(form, lineErrors(error.fields));
      setMessage(refusal(error, PART_ADD_FAILED));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(addLine)(event);
      }}
      noValidate
      aria-label="Add part or charge"
      className="@container space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <h4 className="text-sm font-semibold">Add a part or charge</h4>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="grid gap-3 @md:grid-cols-2">
        <SelectField label="From the price list" className="@md:col-span-2" value={values.serviceTypeId} onChange={(e) => pickType(e.target.value)} error={errors.serviceTypeId}>
          <option value="">None: type the line</option>
          {(types.data?.items ?? [])
            .filter((t) => t.active)
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({shopRate === undefined ? SERVICE_TYPE_KIND_LABELS[t.kind] : serviceTypeDefaultText(t, shopRate)})
              </option>
            ))}
        </SelectField>
        {/* Another kind than the picked type's is a line typed by hand. */}
        <SelectField label="Kind" {...register('kind', { onChange: () => (clearErrors('kind'), setValue('serviceTypeId', '')) })} error={errors.kind}>
          {LINE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LINE_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <FormField label="Name" required {...field('name')} error={errors.name} />
        <FormField label="Description" className="@md:col-span-2" {...field('description')} error={errors.description} hint="Optional" />
        {values.kind === 'labor' ? (
          <FormField label={serviceTypeMessages.hoursLabel} type="number" inputMode="decimal" min={0} step={0.25} {...field('hours')} error={errors.hours} hint={serviceTypeMessages.hoursHint} />
        ) : null}
        {byTheHour(values) ? (
          <>
            <FormField
              label={serviceTypeMessages.rateOverrideLabel}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder={shopRate === undefined ? undefined : centsToInput(shopRate)}
              {...field('rate')}
              error={errors.rate}
            />
            {laborPreview ? (
              <p className="text-sm tabular-nums text-slate-700 @md:col-span-2 dark:text-slate-300" data-testid="labor-preview">
                {laborPreview}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <FormField label="Cost ($)" type="number" inputMode="decimal" min={0} step={0.01} required {...field('cost')} error={errors.cost} />
            <FormField label="Quantity" type="number" inputMode="numeric" min={1} step={1} required {...field('quantity')} error={errors.quantity} />
          </>
        )}
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          id={`needs-approval-${order.id}`}
          type="checkbox"
          {...register('needsApproval')}
          className="mt-0.5 size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
        />
        <label htmlFor={`needs-approval-${order.id}`}>
          Needs customer approval
          <span className="block text-xs text-slate-600 dark:text-slate-400">Not billed until the customer approves it in a request below.</span>
        </label>
      </div>
      <Button type="submit" variant="secondary" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add to Order'}
      </Button>
    </form>
  );
}

function RequestLines({ lines }: { lines: ApprovalRequest['lines'] }) {
  return (
    <ul className="mt-1 space-y-0.5">
      {lines.map((l) => (
        <li key={l.id} className="flex items-baseline justify-between gap-x-3">
          <span className="min-w-0 [overflow-wrap:anywhere]">{lineLabel(l)}</span>
          <span className="shrink-0 tabular-nums">{formatCents(l.lineTotalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

function PendingRequest({ order, request }: { order: AdminOrder; request: ApprovalRequest }) {
  const withdraw = useWithdrawApproval();
  const [notice, setNotice] = useState<Notice>(null);

  const onWithdraw = async () => {
    setNotice(null);
    try {
      await withdraw.mutateAsync({ orderId: order.id, requestId: request.id });
    } catch (error) {
      setNotice({ tone: 'error', text: refusal(error, WITHDRAW_FAILED) });
    }
  };

  return (
    <div data-testid="pending-request" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
      <p className="font-medium">
        Waiting for the customer&apos;s answer: {formatCents(request.totalCents)}
        <span className="font-normal"> (requested {formatDate(request.requestedAt)})</span>
      </p>
      <p className="[overflow-wrap:anywhere]">{request.reason}</p>
      <RequestLines lines={request.lines} />
      <NoticeText notice={notice} />
      <Button variant="secondary" onClick={() => void onWithdraw()} disabled={withdraw.isPending}>
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw Request'}
      </Button>
    </div>
  );
}

function RequestForm({
  order,
  selected,
  setSelected,
  onRequested,
}: {
  order: AdminOrder;
  selected: ReadonlySet<string>;
  setSelected: (next: Set<string>) => void;
  onRequested: () => void;
}) {
  const request = useRequestApproval();
  const reasonId = useId();
  const requestable = order.lines.filter(isRequestable);
  const chosen = requestable.filter((l) => selected.has(l.id));
  // The route's own schema on the reason and the lines chosen: what it refuses is said here, as the server would.
  const form = useSchemaForm<{ reason: string }, ApprovalRequestInput>({
    resolver: schemaResolver(bodySchema((v: { reason: string }) => ({ reason: v.reason, lineIds: chosen.map((l) => l.id), lines: [] }), approvalRequestSchema)),
    defaultValues: { reason: '' },
  });
  const reason = form.watch('reason');
  const refused = Object.values(errorTexts(form.formState.errors))[0];
  const [notice, setNotice] = useState<Notice>(null);
  useReportUnsaved(reason.trim() !== '');
  const amounts = requestAmounts(
    chosen.map((l) => ({ lineId: l.id, kind: l.kind, name: l.name, unitCents: l.unitCents, quantity: l.quantity, taxable: l.taxable })),
    order.invoice.taxRatePpm,
  );
  const reasonBlank = reason.trim() === '';

  const toggle = (lineId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(lineId);
    else next.delete(lineId);
    setSelected(next);
  };

  const requestApproval = async (input: ApprovalRequestInput) => {
    try {
      await request.mutateAsync({ orderId: order.id, input });
      form.reset({ reason: '' });
      onRequested();
    } catch (error) {
      setNotice({ tone: 'error', text: refusal(error, APPROVAL_FAILED) });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setNotice(null);
        void form.handleSubmit(requestApproval)(event);
      }}
      noValidate
      aria-label="Request approval"
      className="space-y-3"
    >
      {requestable.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No lines wait for approval. Add a part or charge with &ldquo;Needs customer approval&rdquo; checked to ask the customer for it.
        </p>
      ) : (
        <fieldset className="space-y-1.5">
          <legend className="mb-1 text-sm font-medium">Lines to include</legend>
          {requestable.map((line) => (
            <div key={line.id} className="flex items-start gap-2 text-sm">
              <input
                id={`request-${line.id}`}
                type="checkbox"
                checked={selected.has(line.id)}
                onChange={(event) => toggle(line.id, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
              />
              <label htmlFor={`request-${line.id}`} className="min-w-0 grow [overflow-wrap:anywhere]">
                {lineLabel(line)} — {formatCents(line.lineTotalCents)}
                <span className="text-slate-600 dark:text-slate-400"> ({LINE_STATE_BADGES[line.state].label})</span>
              </label>
            </div>
          ))}
          <p className="pt-1 text-sm" data-testid="request-amount">
            The customer is asked for {formatCents(amounts.totalCents)}
            {amounts.taxCents > 0 ? (
              <span className="text-slate-600 dark:text-slate-400">
                {' '}
                ({formatCents(amounts.subtotalCents)} + {taxLabel(order.invoice.taxRatePpm)} {formatCents(amounts.taxCents)})
              </span>
            ) : null}
          </p>
        </fieldset>
      )}
      <TextAreaField
        id={reasonId}
        label="Reason for the additional costs"
        rows={2}
        placeholder="What the customer reads in the request"
        {...form.register('reason')}
        hint={reasonBlank ? adminMessages.approvalReasonRequired : undefined}
      />
      {/* What the schema refused (a reason is required: the hint says so first), or how the request went. */}
      <NoticeText notice={refused ? { tone: 'error', text: refused } : notice} />
      <Button type="submit" variant="secondary" disabled={reasonBlank || request.isPending} aria-describedby={reasonBlank ? `${reasonId}-hint` : undefined}>
        {request.isPending ? 'Requesting...' : 'Request Approval'}
      </Button>
    </form>
  );
}

function RequestHistory({ requests }: { requests: readonly ApprovalRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold">Approval requests</h4>
      <ol aria-label="Approval requests" className="space-y-2">
        {[...requests].reverse().map((r) => {
          const badge = REQUEST_STATUS_BADGES[r.status];
          return (
            <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold tabular-nums">{formatCents(r.totalCents)}</span>
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </div>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Requested {formatDateTime(r.requestedAt)}
                {r.decidedAt ? ` · ${badge.label} ${formatDateTime(r.decidedAt)}` : ''}
              </p>
              <p className="mt-1 [overflow-wrap:anywhere]">{r.reason}</p>
              {r.rejectionReason ? (
                <p className="mt-1 [overflow-wrap:anywhere]">
                  <span className="text-slate-600 dark:text-slate-400">Customer&apos;s reason: </span>
                  {r.rejectionReason}
                </p>
              ) : null}
              <RequestLines lines={r.lines} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * Parts and Additional Costs: the order's lines of extra work (parts are taxed; labor and other
 * charges never are) with their state, an add form, the approval request for the lines that need
 * the customer's answer, the requests so far, and the invoice as the server computes it.
 */
export function ExtraWorkPanel({ order }: { order: AdminOrder }) {
  const remove = useRemoveLine();
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<Notice>(null);
  const [requestNotice, setRequestNotice] = useState<Notice>(null);
  // Lines to put in the next request: a line added as needing approval is chosen at once.
  const [selected, setSelected] = useState<Set<string>>(() => new Set(order.lines.filter((l) => l.state === 'draft').map((l) => l.id)));
  const pending = pendingRequestOf(order);
  const headingId = `extra-work-${order.id}`;

  const onAdded = (next: AdminOrder, before: AdminOrder) => {
    const known = new Set(before.lines.map((l) => l.id));
    const drafts = next.lines.filter((l) => !known.has(l.id) && l.state === 'draft');
    if (drafts.length > 0) setSelected((s) => new Set([...s, ...drafts.map((l) => l.id)]));
    setNotice(null);
    setRequestNotice(null);
  };

  const onRemove = async (line: ExtraLine) => {
    setNotice(null);
    if (!(await confirm(REMOVE_PART_CONFIRM, { confirmLabel: 'Remove', variant: 'danger' }))) return;
    try {
      await remove.mutateAsync({ orderId: order.id, lineId: line.id });
    } catch (error) {
      setNotice({ tone: 'error', text: refusal(error, PART_DELETE_FAILED) });
    }
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4">
      <h3 id={headingId} className="text-base font-semibold">
        Parts and Additional Costs
      </h3>
      <NoticeText notice={notice} />
      <LinesTable order={order} onRemove={(line) => void onRemove(line)} removing={remove.isPending} />
      <AddLineForm order={order} onAdded={onAdded} />

      <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <h4 className="text-sm font-semibold">Request Approval</h4>
        {pending ? (
          <PendingRequest order={order} request={pending} />
        ) : (
          <RequestForm
            order={order}
            selected={selected}
            setSelected={setSelected}
            onRequested={() => setRequestNotice({ tone: 'success', text: APPROVAL_REQUESTED })}
          />
        )}
        <NoticeText notice={requestNotice} />
      </div>
      <RequestHistory requests={order.approvalRequests} />

      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60">
        <h4 className="mb-1 text-sm font-semibold">Invoice</h4>
        <BillSummary invoice={order.invoice} lines={order.lines} label="Invoice summary" />
      </div>
      {dialog}
    </section>
  );
}
