import { useState, type FormEvent } from 'react';
import type { Address } from '@gs/shared/address';
import type { CounterpartyKind, ReleaseMethod } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';
import { releaseFirearmSchema } from '@gs/shared/schemas/book-release';
import { addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { issueFields, type FieldErrors } from '@/lib/field-errors';
import { useReleaseFirearm } from '../api/release-firearm';
import { releaseHint, releaseNeedsOverride } from '../release';
import type { AdminOrder } from '../types';
import { ChoiceGroup, PartyFields, localToday, refusal, serverFields, strayErrors } from './firearm-shared';

export const RELEASE_FAILED = 'Failed to record the release. Please try again.';

/** Where each way of leaving moves the order (the server's rule). */
export const STATUS_AFTER_RELEASE: Record<ReleaseMethod, string> = { ship: 'shipped', pickup: 'order_closed' };

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
export function releaseInput(values: ReleaseValues, order: AdminOrder) {
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
  const [values, setValues] = useState<ReleaseValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(JSON.stringify(values) !== JSON.stringify(initial));
  const nextStatus = STATUS_AFTER_RELEASE[values.method];
  const needsOverride = releaseNeedsOverride(order, nextStatus);

  const clear = (key: string) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))));
  const setValue = <K extends keyof ReleaseValues>(key: K, value: ReleaseValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const text = (key: 'releasedOn' | 'carrier' | 'trackingNumber' | 'releaseOverrideReason' | 'statusNote') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValue(key, event.target.value),
    error: errors[key],
  });

  const onMethod = (method: ReleaseMethod) => {
    setValues((v) => {
      const was = v.method;
      if (v.to !== 'customer') return { ...v, method };
      // The recipient follows the way it leaves, unless the admin changed it.
      const untouchedAddress = JSON.stringify(v.address) === JSON.stringify(defaultAddress(order, customerAddress, was));
      return {
        ...v,
        method,
        toName: v.toName === defaultName(order, was) ? defaultName(order, method) : v.toName,
        address: untouchedAddress ? defaultAddress(order, customerAddress, method) : v.address,
      };
    });
    setErrors({});
  };

  const onParty = (to: CounterpartyKind) => {
    setValues((v) => ({
      ...v,
      to,
      toName: to === 'customer' ? defaultName(order, v.method) : '',
      toLicense: '',
      address: to === 'customer' ? defaultAddress(order, customerAddress, v.method) : addressValuesOf(null),
    }));
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const parsed = releaseFirearmSchema.safeParse(releaseInput(values, order));
    const found = parsed.success ? {} : issueFields(parsed.error.issues);
    if (needsOverride && !values.releaseOverrideReason.trim()) found.releaseOverrideReason = releaseHint(order, nextStatus);
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      onDone(await release.mutateAsync({ orderId: order.id, input: parsed.data }));
    } catch (error) {
      const fields = { ...serverFields(error) };
      // The release rule names the way it leaves and the reason with one text: shown once, at the reason.
      if (fields.method && fields.method === fields.releaseOverrideReason) delete fields.method;
      setErrors(fields);
      setMessage(strayErrors(fields, FIELDS)[0] ?? refusal(error, RELEASE_FAILED));
    }
  };

  const ship = values.method === 'ship';
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Release firearm" className="@container space-y-4">
      <FormField label="Date Released" type="date" required max={localToday()} {...text('releasedOn')} />
      <ChoiceGroup legend="How It Leaves" name="method" value={values.method} options={METHOD_OPTIONS} onChange={onMethod} error={errors.method} />
      <PartyFields
        legend={ship ? 'Shipped To' : 'Picked Up By'}
        prefix="to"
        party={values.to}
        onParty={onParty}
        customerName={order.customerName}
        name={values.toName}
        onName={(v) => setValue('toName', v)}
        nameLabel={ship ? 'Recipient Name' : undefined}
        license={values.toLicense}
        onLicense={(v) => setValue('toLicense', v)}
        address={values.address}
        onAddress={(field, value) => {
          setValues((v) => ({ ...v, address: { ...v.address, [field]: value } }));
          clear(`toAddress.${field}`);
          clear('toAddress');
        }}
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
