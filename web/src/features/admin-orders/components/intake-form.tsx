import { workMessages } from '@gs/shared/work-dates';
import { useEffect, useState } from 'react';
import type { Address } from '@gs/shared/address';
import type { CounterpartyKind } from '@gs/shared/api-types';
import { earliestReceipt } from '@gs/shared/book';
import { receiveFirearmSchema, receiveFirearmSchemaFor, type ReceiveFirearmInput } from '@gs/shared/schemas/book-receive';
import { addressInput, addressValuesOf, emptyAddressValues, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { bodySchema, clearMessages, errorTexts, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import type * as z from '@gs/shared/schemas/zod';
import { useReceiveFirearm } from '../api/receive-firearm';
import type { AdminOrder } from '../types';
import { PhotosSection } from './photos-section';
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
  promisedDate: string;
}

const FIELDS = [
  'receivedOn', 'from', 'fromName', 'fromLicense', 'fromAddress', 'firearmType', 'firearmMake', 'firearmImporter', 'firearmModel',
  'serialNumber', 'firearmCaliber', 'conditionNotes', 'itemsReceived', 'inboundTrackingNumber', 'promisedDate',
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
    promisedDate: order.promisedDate ?? '',
  };
}

/** The request as receiveFirearmSchema reads it: a licensee's name and license only from a licensee; blanks left out. */
export function intakeInput(values: IntakeValues, version: number): z.input<typeof receiveFirearmSchema> {
  const licensee = values.from === 'licensee';
  const optional = (v: string) => v.trim() || undefined;
  return {
    version,
    receivedOn: values.receivedOn,
    from: values.from,
    fromName: licensee ? optional(values.fromName) : undefined,
    fromLicense: licensee ? values.fromLicense.trim() || null : undefined,
    fromAddress: addressInput(values.address),
    // Blank is left out, for the schema to ask for it.
    firearmType: (values.firearmType || undefined) as ReceiveFirearmInput['firearmType'],
    firearmMake: values.firearmMake,
    firearmImporter: optional(values.firearmImporter),
    firearmModel: values.firearmModel,
    serialNumber: values.serialNumber,
    firearmCaliber: values.firearmCaliber,
    conditionNotes: optional(values.conditionNotes),
    itemsReceived: optional(values.itemsReceived),
    inboundTrackingNumber: optional(values.inboundTrackingNumber),
    // Blank leaves the order's as it is.
    promisedDate: optional(values.promisedDate),
  };
}

/**
 * Receive Firearm: the intake (date received, from whom, the firearm as the A&D book describes it, its
 * condition and what came with it). Checked with the route's own schema and the order's dates (the day it came
 * in: not in the future, not before the order was created); saved over the order's version.
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
  // The route's own schema with the order's creation date, so the form refuses what the server would, with its words.
  const form = useSchemaForm<IntakeValues, ReceiveFirearmInput>({
    resolver: schemaResolver(bodySchema((v: IntakeValues) => intakeInput(v, order.version), receiveFirearmSchemaFor(order))),
    defaultValues: initial,
  });
  const { register, clearErrors, setValue, getValues } = form;
  const values = form.watch();
  const errors = errorTexts(form.formState.errors);
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
    const { from, address } = getValues();
    if (from === 'customer' && Object.values(address).every((f) => !f.trim())) setValue('address', addressValuesOf(customerAddress));
  }, [customerAddress]);

  // A change takes the field's messages away (the address's: all of them, with the one about the whole address).
  const text = (key: Exclude<keyof IntakeValues, 'address' | 'from'>) => ({ ...register(key, { onChange: () => clearErrors(key) }), error: errors[key] });

  const onParty = (from: CounterpartyKind) => {
    const { address } = getValues();
    setValue('from', from);
    // The customer's address back when they are the sender again; a licensee's is typed (optional).
    setValue('address', from === 'customer' ? (Object.values(address).every((f) => !f.trim()) ? addressValuesOf(customerAddress) : address) : emptyAddressValues);
    clearErrors();
  };

  const record = async (input: ReceiveFirearmInput) => {
    try {
      const saved = await receive.mutateAsync({ orderId: order.id, input });
      onDone(saved);
    } catch (error) {
      const fields = serverFields(error);
      showErrors(form, fields);
      setMessage(strayErrors(fields, FIELDS)[0] ?? refusal(error, RECEIVE_FAILED));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(record)(event);
      }}
      noValidate
      aria-label="Receive firearm"
      className="@container space-y-4"
    >
      <FormField
        label="Date Received"
        type="date"
        required
        min={earliestReceipt(order.createdAt)}
        max={localToday()}
        hint={order.missingFromBook ? 'The day the firearm really came into the shop (the order says it is in the shop already).' : undefined}
        {...text('receivedOn')}
      />
      <PartyFields
        legend="Received From"
        prefix="from"
        party={values.from}
        onParty={onParty}
        customerName={order.customerName}
        nameField={register('fromName', { onChange: () => clearErrors('fromName') })}
        licenseField={register('fromLicense', { onChange: () => clearErrors('fromLicense') })}
        addressField={(field) => register(`address.${field}`, { onChange: () => clearMessages(form, 'fromAddress') })}
        errors={errors}
        addressHint={values.from === 'customer' ? "The customer's mailing address, as the A&D book records it." : undefined}
      />
      <FirearmDescriptionFields field={text} />
      <TextAreaField label="Condition Notes" rows={2} placeholder="Scratches, wear, missing parts…" {...text('conditionNotes')} />
      <TextAreaField label="Items Received With It" rows={2} placeholder="Case, magazines, optics…" {...text('itemsReceived')} />
      {/* Condition photos are stored as they are taken (their own uploads), before or without recording the intake. */}
      <PhotosSection orderId={order.id} purpose="intake" />
      <FormField label="Inbound Tracking Number" hint="Optional" {...text('inboundTrackingNumber')} />
      <FormField label={workMessages.promisedDate} type="date" hint={workMessages.promisedHint} {...text('promisedDate')} />
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
