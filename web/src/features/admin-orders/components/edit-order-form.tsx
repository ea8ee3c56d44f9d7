import { orderMessages } from '@gs/shared/order-messages';
import { customerToldTexts } from '@gs/shared/customer-told';
import { custodyRefusal } from '@gs/shared/book';
import { useEffect, useState } from 'react';
import { isReleaseStatus } from '@gs/shared/invoice';
import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { updateAdminOrderSchema, type UpdateAdminOrderInput } from '@gs/shared/schemas/admin-orders';
import { ADMIN_STATUSES, statusLabel } from '@gs/shared/statuses';
import { GUNSMITH_ORDER_FIELDS } from '@gs/shared/staff';
import { workMessages } from '@gs/shared/work-dates';
import { AssignControl } from './assign-control';
import { useStaffRole } from '@/lib/staff-role';
import { SelectField, TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { renameFields } from '@/lib/field-errors';
import { bodySchema, errorTexts, formCheck, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useUpdateAdminOrder } from '../api/update-admin-order';
import { extraWorkBreakdown } from '../extra-work';
import { releaseHint, releaseNeedsOverride } from '../release';
import type { AdminOrder } from '../types';
import { ORDER_FIELD_NAMES, OrderFieldset } from './order-fieldset';

export const UPDATE_FAILED = 'Failed to update order. Please try again.';
/** The firearm's description once it is in the A&D book (the server refuses a change of it too). */
export const BOOK_LOCKED_HINT = 'In the A&D book: correct it with Correct Book Entry.';

// The fields the form shows, as the server holds them (the status note is not stored on the order).
const EDITABLE = [
  'firearmMake',
  'firearmModel',
  'serialNumber',
  'firearmCaliber',
  'serviceType',
  'description',
  'estimatedCost',
  'currentStatus',
  'inboundTrackingNumber',
  'outboundTrackingNumber',
  'promisedDate',
] as const;
type EditableKey = (typeof EDITABLE)[number];
type Snapshot = Record<EditableKey, string>;
type Values = Snapshot & { statusNote: string; releaseOverrideReason: string; notifyCustomer: boolean };
type Errors = Partial<Record<keyof Values, string>>;

function snapshotOf(order: AdminOrder): Snapshot {
  return {
    firearmMake: order.firearmMake ?? '',
    firearmModel: order.firearmModel ?? '',
    serialNumber: order.serialNumber ?? '',
    firearmCaliber: order.firearmCaliber ?? '',
    serviceType: order.serviceType ?? '',
    description: order.description ?? '',
    estimatedCost: centsToInput(order.estimatedCostCents),
    currentStatus: order.currentStatus ?? '',
    inboundTrackingNumber: order.inboundTrackingNumber ?? '',
    outboundTrackingNumber: order.outboundTrackingNumber ?? '',
    promisedDate: order.promisedDate ?? '',
  };
}

const blankExtras = { statusNote: '', releaseOverrideReason: '', notifyCustomer: true };

/** The request as the server's schema reads it. */
function toInput(values: Values, version: number, order: AdminOrder): UpdateAdminOrderInput {
  const optional = (v: string) => v.trim() || null;
  return {
    version,
    firearmMake: values.firearmMake,
    firearmModel: values.firearmModel,
    serialNumber: values.serialNumber,
    // Blank removes it (null), as the create form leaves it out.
    firearmCaliber: optional(values.firearmCaliber),
    serviceType: values.serviceType,
    description: values.description,
    estimatedCostCents: dollarsToCents(values.estimatedCost) ?? Number.NaN,
    currentStatus: values.currentStatus,
    statusNote: values.statusNote.trim() || undefined,
    inboundTrackingNumber: optional(values.inboundTrackingNumber),
    outboundTrackingNumber: optional(values.outboundTrackingNumber),
    // Sent whenever one was written for a move to a release status (also when it was the server,
    // not the form, that found the balance: the field then appears with its refusal).
    releaseOverrideReason:
      isReleaseStatus(values.currentStatus) && values.currentStatus !== order.currentStatus ? values.releaseOverrideReason.trim() || undefined : undefined,
    // "Notify customer" off: the change is recorded without telling the customer (sent only when off).
    ...(values.notifyCustomer ? {} : { notifyCustomer: false }),
    // Blank clears it.
    promisedDate: values.promisedDate.trim() || null,
  };
}

/** What a gunsmith may send (shared/src/staff.ts GUNSMITH_ORDER_FIELDS): the rest of the order is the counter's. */
const benchInput = (input: UpdateAdminOrderInput): UpdateAdminOrderInput =>
  Object.fromEntries(Object.entries(input).filter(([k]) => (GUNSMITH_ORDER_FIELDS as readonly string[]).includes(k))) as UpdateAdminOrderInput;

/**
 * The route's own schema (so the form refuses what the server would, with its words), the A&D book's rule (a
 * status needs the intake or the release it says happened) and the release rule the server applies with the
 * balance it knows: a reason before a firearm leaves unpaid.
 */
const editOrderSchema = (version: number, order: AdminOrder) =>
  bodySchema((values: Values) => toInput(values, version, order), updateAdminOrderSchema).check(
    formCheck<UpdateAdminOrderInput>((body, ctx) => {
      const status = body.currentStatus ?? order.currentStatus;
      const custody = custodyRefusal(order, status);
      if (custody) ctx.addIssue({ code: 'custom', path: ['currentStatus'], message: custody });
      else if (releaseNeedsOverride(order, status) && !body.releaseOverrideReason) {
        ctx.addIssue({ code: 'custom', path: ['releaseOverrideReason'], message: releaseHint(order, status) });
      }
    }),
  );

export interface EditOrderFormProps {
  order: AdminOrder;
  onSaved: (order: AdminOrder) => void;
  onCancel: () => void;
  /** Re-reads the order from the server (after a 409). */
  onReload: () => Promise<AdminOrder | undefined>;
}

/**
 * The admin edit form. It saves against the version it was loaded from; when the order
 * changes meanwhile, fields the admin has not touched follow the server, and a field both
 * changed is left for the server to refuse (409) so nobody's edit is silently lost.
 */
export function EditOrderForm({ order, onSaved, onCancel, onReload }: EditOrderFormProps) {
  const [base, setBase] = useState(() => ({ version: order.version, snapshot: snapshotOf(order) }));
  const form = useSchemaForm<Values, UpdateAdminOrderInput>({
    resolver: schemaResolver(editOrderSchema(base.version, order), { formNames: ORDER_FIELD_NAMES }),
    defaultValues: { ...snapshotOf(order), ...blankExtras },
  });
  const { register, clearErrors, getValues, setValue, reset } = form;
  const values = form.watch();
  const errors: Errors = errorTexts(form.formState.errors);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  // The server refused a release the form did not know was owed (the balance changed meanwhile).
  const [serverAskedOverride, setServerAskedOverride] = useState(false);
  const update = useUpdateAdminOrder();
  const gunsmith = useStaffRole() === 'gunsmith';
  // Edits not saved yet: the modal asks before discarding them.
  useReportUnsaved(
    EDITABLE.some((k) => values[k] !== base.snapshot[k]) || values.statusNote.trim() !== '' || values.releaseOverrideReason.trim() !== '',
  );

  // Three-way merge of a newer copy of the order (refetch, or the admin's own line or
  // message changes in the panels beside the form).
  useEffect(() => {
    if (order.version === base.version) return;
    const server = snapshotOf(order);
    const current = getValues();
    const clashes = EDITABLE.some((k) => server[k] !== base.snapshot[k] && current[k] !== base.snapshot[k] && current[k] !== server[k]);
    if (clashes) return;
    for (const k of EDITABLE) if (server[k] !== base.snapshot[k] && current[k] === base.snapshot[k]) setValue(k, server[k]);
    setBase({ version: order.version, snapshot: server });
    // Only a new server copy triggers a merge.
  }, [order]);

  // Typing in a field takes its message away.
  const field = (key: keyof Values) => register(key, { onChange: () => clearErrors(key) });

  const resetTo = (fresh: AdminOrder) => {
    setBase({ version: fresh.version, snapshot: snapshotOf(fresh) });
    reset({ ...snapshotOf(fresh), ...blankExtras });
    setFormError(null);
    setConflict(false);
    setServerAskedOverride(false);
  };

  const save = async (input: UpdateAdminOrderInput) => {
    try {
      const saved = await update.mutateAsync({ orderId: order.id, input: gunsmith ? benchInput(input) : input });
      resetTo(saved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        const mapped = renameFields(error.fields, ORDER_FIELD_NAMES) as Errors;
        // The release refusal names both fields with one text: it is shown once, at the reason asked for.
        if (mapped.releaseOverrideReason && mapped.currentStatus === mapped.releaseOverrideReason) delete mapped.currentStatus;
        if (mapped.releaseOverrideReason) setServerAskedOverride(true);
        showErrors(form, mapped as Record<string, string>);
      }
      setFormError(UPDATE_FAILED);
    }
  };

  const reload = async () => {
    const fresh = await onReload();
    if (fresh) resetTo(fresh);
  };

  const statusOptions: string[] = (ADMIN_STATUSES as readonly string[]).includes(values.currentStatus)
    ? [...ADMIN_STATUSES]
    : [values.currentStatus, ...ADMIN_STATUSES];
  // What the A&D book needs first (Receive or Release Firearm) comes before any override: no reason is asked for then.
  const custody = custodyRefusal(order, values.currentStatus);
  const askOverride = !custody && (releaseNeedsOverride(order, values.currentStatus) || (serverAskedOverride && isReleaseStatus(values.currentStatus)));

  return (
    <form
      onSubmit={(event) => {
        setFormError(null);
        setConflict(false);
        void form.handleSubmit(save)(event);
      }}
      noValidate
      className="space-y-4"
      aria-label="Edit order"
    >
      {conflict ? (
        <Alert tone="warning" title="Order changed">
          <p>{orderMessages.staleOrder}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      ) : null}
      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <OrderFieldset
        legend="Firearm & Service"
        field={field}
        errors={errors}
        serviceType={values.serviceType}
        caliber
        locked={order.intake ? BOOK_LOCKED_HINT : undefined}
      />

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Status & Shipping</legend>
        {/* What the server would refuse about the firearm's custody (the A&D book) is said before saving. */}
        {/* Controlled: its options follow its value (a status staff do not set keeps its own option). */}
        <SelectField label="Status" {...field('currentStatus')} value={values.currentStatus} error={errors.currentStatus} hint={errors.currentStatus ? undefined : (custody ?? undefined)}>
          {statusOptions.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Status Note"
          rows={2}
          placeholder="Optional note for the status history"
          {...field('statusNote')}
          error={errors.statusNote}
        />
        <label className="flex items-start gap-2 self-start text-sm font-medium sm:col-span-2" title={customerToldTexts.notifyCustomerHint}>
          <input type="checkbox" {...register('notifyCustomer')} className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-slate-900 dark:accent-amber-400" />
          {customerToldTexts.notifyCustomer}
        </label>
        {askOverride ? (
          <TextAreaField
            label="Override reason"
            required
            rows={2}
            className="sm:col-span-2"
            placeholder="Why the firearm is released before full payment"
            {...field('releaseOverrideReason')}
            error={errors.releaseOverrideReason}
            hint={releaseNeedsOverride(order, values.currentStatus) ? releaseHint(order, values.currentStatus) : undefined}
          />
        ) : null}
        <FormField label={workMessages.promisedDate} type="date" {...field('promisedDate')} error={errors.promisedDate} hint={workMessages.promisedHint} />
        <div className="self-end">
          <AssignControl order={order} />
        </div>
        <FormField label="Inbound Tracking Number" {...field('inboundTrackingNumber')} error={errors.inboundTrackingNumber} />
        <FormField label="Outbound Tracking Number" {...field('outboundTrackingNumber')} error={errors.outboundTrackingNumber} />
      </fieldset>

      <section aria-labelledby={`extra-work-figure-${order.id}`} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <h3 id={`extra-work-figure-${order.id}`} className="font-semibold">
          Extra work
        </h3>
        <p data-testid="extra-work" className="mt-1 [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">
          {extraWorkBreakdown(order).join(' · ')}
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Parts, labor and approval requests are managed in Parts and Additional Costs.</p>
      </section>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
