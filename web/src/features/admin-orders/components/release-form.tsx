import { useState } from 'react';
import type { Address } from '@gs/shared/address';
import type { CounterpartyKind, ReleaseMethod } from '@gs/shared/api-types';
import { STATUS_AFTER_RELEASE } from '@gs/shared/book';
import { formatCents } from '@gs/shared/money';
import { releaseFirearmSchema, type ReleaseFirearmInput } from '@gs/shared/schemas/book-release';
import type * as z from '@gs/shared/schemas/zod';
import { addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { bodySchema, clearMessages, errorTexts, formCheck, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useReleaseFirearm } from '../api/release-firearm';
import { releaseHint, releaseNeedsOverride } from '../release';
import type { AdminOrder } from '../types';
import { ChoiceGroup, PartyFields, localToday, refusal, serverFields, strayErrors } from './firearm-shared';

export const RELEASE_FAILED = 'Failed to record the release. Please try again.';

export const METHOD_OPTIONS: ReadonlyArray<{ value: ReleaseMethod; label: string }> = [
  { value: 'ship', label: 'Ship it back' },
  { value: 'pickup', label: 'Picked up in person' },
];

export interface ReleaseValues {
  releasedOn: string;
  method: ReleaseMethod;
  to: CounterpartyKind;
  toName: string;
  toLicense: string;
  address: AddressValues;
  carrier: string;
  trackingNumber: string;
  releaseOverrideReason: string;
  statusNote: string;
}

const FIELDS = ['releasedOn', 'method', 'to', 'toName', 'toLicense', 'toAddress', 'carrier', 'trackingNumber', 'releaseOverrideReason', 'statusNote'] as const;

/** The recipient's address a way of leaving starts from: the order's return address to ship, the customer's for a pickup. */
const defaultAddress = (order: AdminOrder, customerAddress: Address | null, method: ReleaseMethod) =>
  addressValuesOf(method === 'ship' ? (order.returnAddress ?? customerAddress) : customerAddress);
const defaultName = (order: AdminOrder, method: ReleaseMethod) => (method === 'ship' ? (order.returnName ?? order.customerName) : order.customerName);

export function releaseDefaults(order: AdminOrder, customerAddress: Address | null, today = localToday()): ReleaseValues {
  const method: ReleaseMethod = order.shippingSelected ? 'ship' : 'pickup';
  return {
    releasedOn: today,
    method,
    to: 'customer',
    toName: defaultName(order, method),
    toLicense: '',
    address: defaultAddress(order, customerAddress, method),
    carrier: '',
    trackingNumber: order.outboundTrackingNumber ?? '',
    releaseOverrideReason: '',
    statusNote: '',
  };
}

/** The request as releaseFirearmSchema reads it: carrier and tracking only to ship; the override only when a balance is due. */
export function releaseInput(values: ReleaseValues, order: AdminOrder): z.input<typeof releaseFirearmSchema> {
  const optional = (v: string) => v.trim() || undefined;
  const ship = values.method === 'ship';
  const licensee = values.to === 'licensee';
  return {
    version: order.version,
    releasedOn: values.releasedOn,
    method: values.method,
    to: values.to,
    toName: licensee || ship ? optional(values.toName) : undefined,
    toLicense: licensee ? values.toLicense.trim() || null : undefined,
    toAddress: addressInput(values.address),
    carrier: ship ? optional(values.carrier) : undefined,
    trackingNumber: ship ? optional(values.trackingNumber) : undefined,
    releaseOverrideReason: releaseNeedsOverride(order, STATUS_AFTER_RELEASE[values.method]) ? optional(values.releaseOverrideReason) : undefined,
    statusNote: optional(values.statusNote),
  };
}

/**
 * The route's own schema (so the form refuses what the server would, with its words), and the release rule
 * the server applies with the balance it knows: a reason before a firearm leaves unpaid.
 */
const releaseSchema = (order: AdminOrder) =>
  bodySchema((values: ReleaseValues) => releaseInput(values, order), releaseFirearmSchema).check(
    formCheck<ReleaseFirearmInput>((body, ctx) => {
      const nextStatus = STATUS_AFTER_RELEASE[body.method];
      if (nextStatus && releaseNeedsOverride(order, nextStatus) && !body.releaseOverrideReason) {
        ctx.addIssue({ code: 'custom', path: ['releaseOverrideReason'], message: releaseHint(order, nextStatus) });
      }
    }),
  );

/**
 * Release Firearm: the firearm leaves the shop, shipped (carrier and tracking) or picked up, to the customer or a
 * licensee, with the A&D disposition entry. A balance due needs the override reason, as a release status does.
 */
export function ReleaseForm({
  order,
  customerAddress,
  onDone,
  onCancel,
}: {
  order: AdminOrder;
  customerAddress: Address | null;
  onDone: (order: AdminOrder) => void;
  onCancel: () => void;
}) {
  const release = useReleaseFirearm();
  const [initial] = useState(() => releaseDefaults(order, customerAddress));
  const form = useSchemaForm<ReleaseValues, ReleaseFirearmInput>({ resolver: schemaResolver(releaseSchema(order)), defaultValues: initial });
  const { register, clearErrors, setValue, getValues } = form;
  const values = form.watch();
  const errors = errorTexts(form.formState.errors);
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(JSON.stringify(values) !== JSON.stringify(initial));
  const nextStatus = STATUS_AFTER_RELEASE[values.method];
  const needsOverride = releaseNeedsOverride(order, nextStatus);

  // A change takes the field's messages away.
  const text = (key: 'releasedOn' | 'carrier' | 'trackingNumber' | 'releaseOverrideReason' | 'statusNote') => ({
    ...register(key, { onChange: () => clearErrors(key) }),
    error: errors[key],
  });

  const onMethod = (method: ReleaseMethod) => {
    const v = getValues();
    const was = v.method;
    setValue('method', method);
    // The recipient follows the way it leaves, unless the admin changed it.
    if (v.to === 'customer') {
      if (v.toName === defaultName(order, was)) setValue('toName', defaultName(order, method));
      if (JSON.stringify(v.address) === JSON.stringify(defaultAddress(order, customerAddress, was))) setValue('address', defaultAddress(order, customerAddress, method));
    }
    clearErrors();
  };

  const onParty = (to: CounterpartyKind) => {
    const method = getValues('method');
    setValue('to', to);
    setValue('toName', to === 'customer' ? defaultName(order, method) : '');
    setValue('toLicense', '');
    setValue('address', to === 'customer' ? defaultAddress(order, customerAddress, method) : addressValuesOf(null));
    clearErrors();
  };

  const record = async (input: ReleaseFirearmInput) => {
    try {
      onDone(await release.mutateAsync({ orderId: order.id, input }));
    } catch (error) {
      const fields = { ...serverFields(error) };
      // The release rule names the way it leaves and the reason with one text: shown once, at the reason.
      if (fields.method && fields.method === fields.releaseOverrideReason) delete fields.method;
      showErrors(form, fields);
      setMessage(strayErrors(fields, FIELDS)[0] ?? refusal(error, RELEASE_FAILED));
    }
  };

  const ship = values.method === 'ship';
  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(record)(event);
      }}
      noValidate
      aria-label="Release firearm"
      className="@container space-y-4"
    >
      <FormField label="Date Released" type="date" required max={localToday()} {...text('releasedOn')} />
      <ChoiceGroup legend="How It Leaves" name="method" value={values.method} options={METHOD_OPTIONS} onChange={onMethod} error={errors.method} />
      <PartyFields
        legend={ship ? 'Shipped To' : 'Picked Up By'}
        prefix="to"
        party={values.to}
        onParty={onParty}
        customerName={order.customerName}
        nameField={register('toName', { onChange: () => clearErrors('toName') })}
        nameLabel={ship ? 'Recipient Name' : undefined}
        licenseField={register('toLicense', { onChange: () => clearErrors('toLicense') })}
        addressField={(field) => register(`address.${field}`, { onChange: () => clearMessages(form, 'toAddress') })}
        errors={errors}
        addressHint={values.to === 'customer' ? (ship ? 'The return address of the order.' : "The customer's mailing address.") : undefined}
      />
      {ship ? (
        <div className="grid gap-4 @xl:grid-cols-2">
          <FormField label="Carrier" required placeholder="UPS, FedEx, USPS…" {...text('carrier')} />
          <FormField label="Tracking Number" required {...text('trackingNumber')} />
        </div>
      ) : null}
      {needsOverride ? (
        <div className="space-y-2">
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="release-balance">
            Balance due: {formatCents(order.invoice.balanceDueCents)}
          </p>
          <TextAreaField
            label="Override reason"
            required
            rows={2}
            placeholder="Why the firearm is released before full payment"
            hint={releaseHint(order, nextStatus)}
            {...text('releaseOverrideReason')}
          />
        </div>
      ) : null}
      <TextAreaField label="Status Note" rows={2} placeholder="Optional note for the status history" {...text('statusNote')} />
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={release.isPending}>
          {release.isPending ? 'Saving...' : 'Record Release'}
        </Button>
      </div>
    </form>
  );
}
