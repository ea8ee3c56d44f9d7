import { useEffect, useState, type FormEvent } from 'react';
import type { Address } from '@gs/shared/address';
import type { CounterpartyKind } from '@gs/shared/api-types';
import { receiveFirearmSchema } from '@gs/shared/schemas/book-receive';
import { addressInput, addressValuesOf, emptyAddressValues, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { issueFields, type FieldErrors } from '@/lib/field-errors';
import { useReceiveFirearm } from '../api/receive-firearm';
import type { AdminOrder } from '../types';
import { PartyFields, localToday, refusal, serverFields, strayErrors, FirearmDescriptionFields } from './firearm-shared';

export const RECEIVE_FAILED = 'Failed to record the intake. Please try again.';

export interface IntakeValues {
  receivedOn: string;
  from: CounterpartyKind;
  fromName: string;
  fromLicense: string;
  address: AddressValues;
  firearmType: string;
  firearmMake: string;
  firearmImporter: string;
  firearmModel: string;
  serialNumber: string;
  firearmCaliber: string;
  conditionNotes: string;
  itemsReceived: string;
  inboundTrackingNumber: string;
}

const FIELDS = [
  'receivedOn', 'from', 'fromName', 'fromLicense', 'fromAddress', 'firearmType', 'firearmMake', 'firearmImporter', 'firearmModel',
  'serialNumber', 'firearmCaliber', 'conditionNotes', 'itemsReceived', 'inboundTrackingNumber',
] as const;

export function intakeDefaults(order: AdminOrder, customerAddress: Address | null, today = localToday()): IntakeValues {
  return {
    receivedOn: today,
    from: 'customer',
    fromName: '',
    fromLicense: '',
    address: addressValuesOf(customerAddress),
    firearmType: order.firearmType ?? '',
    firearmMake: order.firearmMake ?? '',
    firearmImporter: order.firearmImporter ?? '',
    firearmModel: order.firearmModel ?? '',
    serialNumber: order.serialNumber ?? '',
    firearmCaliber: order.firearmCaliber ?? '',
    conditionNotes: '',
    itemsReceived: '',
    inboundTrackingNumber: order.inboundTrackingNumber ?? '',
  };
}

/** The request as receiveFirearmSchema reads it: a licensee's name and license only from a licensee; blanks left out. */
export function intakeInput(values: IntakeValues, version: number) {
  const licensee = values.from === 'licensee';
  const optional = (v: string) => v.trim() || undefined;
  return {
    version,
    receivedOn: values.receivedOn,
    from: values.from,
    fromName: licensee ? optional(values.fromName) : undefined,
    fromLicense: licensee ? values.fromLicense.trim() || null : undefined,
    fromAddress: addressInput(values.address),
    firearmType: values.firearmType || undefined,
    firearmMake: values.firearmMake,
    firearmImporter: optional(values.firearmImporter),
    firearmModel: values.firearmModel,
    serialNumber: values.serialNumber,
    firearmCaliber: values.firearmCaliber,
    conditionNotes: optional(values.conditionNotes),
    itemsReceived: optional(values.itemsReceived),
    inboundTrackingNumber: optional(values.inboundTrackingNumber),
  };
}

/**
 * Receive Firearm: the intake (date received, from whom, the firearm as the A&D book describes it, its
 * condition and what came with it). Checked with the route's own schema; saved over the order's version.
 */
export function IntakeForm({
  order,
  customerAddress,
  onDone,
  onCancel,
}: {
  order: AdminOrder;
  /** The customer's mailing address (it may arrive after the form opens: it fills a blank address). */
  customerAddress: Address | null;
  onDone: (order: AdminOrder) => void;
  onCancel: () => void;
}) {
  const receive = useReceiveFirearm();
  const [initial] = useState(() => intakeDefaults(order, customerAddress));
  const [values, setValues] = useState<IntakeValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Typed, not saved (the customer's address filled in when it arrives is not the admin's edit).
  const sameAddress = (a: AddressValues) => JSON.stringify(values.address) === JSON.stringify(a);
  useReportUnsaved(
    JSON.stringify({ ...values, address: null }) !== JSON.stringify({ ...initial, address: null }) ||
      !(sameAddress(initial.address) || sameAddress(addressValuesOf(customerAddress))),
  );

  // The customer's address, once read, fills an address nobody has typed yet.
  useEffect(() => {
    if (!customerAddress) return;
    setValues((v) => (v.from === 'customer' && Object.values(v.address).every((f) => !f.trim()) ? { ...v, address: addressValuesOf(customerAddress) } : v));
  }, [customerAddress]);

  const clear = (key: string) => setErrors((e) => (Object.keys(e).some((k) => k === key || k.startsWith(`${key}.`)) ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))) : e));
  const setValue = <K extends keyof IntakeValues>(key: K, value: IntakeValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const text = (key: Exclude<keyof IntakeValues, 'address' | 'from'>) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValue(key, event.target.value),
    error: errors[key],
  });

  const onParty = (from: CounterpartyKind) => {
    setValues((v) => ({
      ...v,
      from,
      // The customer's address back when they are the sender again; a licensee's is typed (optional).
      address: from === 'customer' ? (Object.values(v.address).every((f) => !f.trim()) ? addressValuesOf(customerAddress) : v.address) : emptyAddressValues,
    }));
    setErrors({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const parsed = receiveFirearmSchema.safeParse(intakeInput(values, order.version));
    const found = parsed.success ? {} : issueFields(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    try {
      const saved = await receive.mutateAsync({ orderId: order.id, input: parsed.data });
      onDone(saved);
    } catch (error) {
      const fields = serverFields(error);
      setErrors(fields);
      setMessage(strayErrors(fields, FIELDS)[0] ?? refusal(error, RECEIVE_FAILED));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Receive firearm" className="@container space-y-4">
      <FormField label="Date Received" type="date" required max={localToday()} {...text('receivedOn')} />
      <PartyFields
        legend="Received From"
        prefix="from"
        party={values.from}
        onParty={onParty}
        customerName={order.customerName}
        name={values.fromName}
        onName={(v) => setValue('fromName', v)}
        license={values.fromLicense}
        onLicense={(v) => setValue('fromLicense', v)}
        address={values.address}
        onAddress={(field, value) => {
          setValues((v) => ({ ...v, address: { ...v.address, [field]: value } }));
          clear(`fromAddress.${field}`);
          clear('fromAddress');
        }}
        errors={errors}
        addressHint={values.from === 'customer' ? "The customer's mailing address, as the A&D book records it." : undefined}
      />
      <FirearmDescriptionFields field={text} />
      <TextAreaField label="Condition Notes" rows={2} placeholder="Scratches, wear, missing parts…" {...text('conditionNotes')} />
      <TextAreaField label="Items Received With It" rows={2} placeholder="Case, magazines, optics…" {...text('itemsReceived')} />
      <FormField label="Inbound Tracking Number" hint="Optional" {...text('inboundTrackingNumber')} />
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={receive.isPending}>
          {receive.isPending ? 'Saving...' : 'Record Intake'}
        </Button>
      </div>
    </form>
  );
}
