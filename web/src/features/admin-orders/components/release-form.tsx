import { useState } from 'react';
import type { Address } from '@gs/shared/address';
import type { CounterpartyKind, ReleaseMethod } from '@gs/shared/api-types';
import { STATUS_AFTER_RELEASE } from '@gs/shared/book';
import { formatCents } from '@gs/shared/money';
import { isPoBoxAddress, releaseCheckMessages as rc, type RecipientIdType } from '@gs/shared/release-checks';
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
import { CheckField, DelivererFields, PoBoxWarning, RecipientIdFields, type DelivererAnswer } from './release-checks-fields';

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
  /** The release's checks (shared/src/release-checks.ts): the ID shown at pickup, whether the recipient delivered it, the 4473, the adult signature. */
  idType: RecipientIdType | '';
  idIssuer: string;
  idLast4: string;
  recipientIsDeliverer: DelivererAnswer;
  form4473Ref: string;
  adultSignature: boolean;
  /** A PO Box ship-to address was confirmed (a warning: the form asks before sending). */
  poBoxConfirmed: boolean;
}

const FIELDS = ['releasedOn', 'method', 'to', 'toName', 'toLicense', 'toAddress', 'carrier', 'trackingNumber', 'releaseOverrideReason', 'statusNote', 'idType', 'idIssuer', 'idLast4', 'recipientIsDeliverer', 'form4473Ref', 'adultSignature'] as const;

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
    idType: '',
    idIssuer: '',
    idLast4: '',
    // Shipped back to the customer is a return to its owner; at the counter, the staff answer.
    recipientIsDeliverer: method === 'ship' ? 'yes' : '',
    form4473Ref: '',
    adultSignature: false,
    poBoxConfirmed: false,
  };
}

/** The request as releaseFirearmSchema reads it: carrier and tracking only to ship; the override only when a balance is due. */
export function releaseInput(values: ReleaseValues, order: AdminOrder): z.input<typeof releaseFirearmSchema> {
  const optional = (v: string) => v.trim() || undefined;
  const ship = values.method === 'ship';
  const licensee = values.to === 'licensee';
  const transfer = !licensee && values.recipientIsDeliverer === 'no';
  return {
    version: order.version,
    releasedOn: values.releasedOn,
    method: values.method,
    to: values.to,
    toName: licensee || ship || transfer ? optional(values.toName) : undefined,
    toLicense: licensee ? values.toLicense.trim() || null : transfer ? optional(values.toLicense) : undefined,
    toAddress: addressInput(values.address),
    carrier: ship ? optional(values.carrier) : undefined,
    trackingNumber: ship ? optional(values.trackingNumber) : undefined,
    releaseOverrideReason: releaseNeedsOverride(order, STATUS_AFTER_RELEASE[values.method]) ? optional(values.releaseOverrideReason) : undefined,
    statusNote: optional(values.statusNote),
    idType: ship ? undefined : values.idType || null,
    idIssuer: ship ? undefined : optional(values.idIssuer),
    idLast4: ship ? undefined : values.idLast4.trim() || null,
    recipientIsDeliverer: licensee ? undefined : values.recipientIsDeliverer === '' ? null : values.recipientIsDeliverer === 'yes',
    form4473Ref: transfer || licensee ? optional(values.form4473Ref) : undefined,
    adultSignature: ship ? values.adultSignature : undefined,
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
    if (v.recipientIsDeliverer !== 'no') setValue('recipientIsDeliverer', method === 'ship' ? 'yes' : '');
    // The recipient follows the way it leaves, unless the admin changed it.
    if (v.to === 'customer') {
      if (v.toName === defaultName(order, was)) setValue('toName', defaultName(order, method));
      if (JSON.stringify(v.address) === JSON.stringify(defaultAddress(order, customerAddress, was))) setValue('address', defaultAddress(order, customerAddress, method));
    }
    clearErrors();
  };

  const onDeliverer = (answer: DelivererAnswer) => {
    setValue('recipientIsDeliverer', answer);
    // Someone else is named by the staff; the person who delivered it is the customer.
    setValue('toName', answer === 'no' ? '' : defaultName(order, getValues('method')));
    // The book records the recipient's own name and address (27 CFR 478.125(e)).
    setValue('address', answer === 'no' ? addressValuesOf(null) : defaultAddress(order, customerAddress, getValues('method')));
    setValue('toLicense', '');
    setValue('form4473Ref', '');
    clearErrors();
  };

  const onParty = (to: CounterpartyKind) => {
    const method = getValues('method');
    setValue('to', to);
    setValue('recipientIsDeliverer', to === 'customer' && method === 'ship' ? 'yes' : '');
    setValue('form4473Ref', '');
    setValue('toName', to === 'customer' ? defaultName(order, method) : '');
    setValue('toLicense', '');
    setValue('address', to === 'customer' ? defaultAddress(order, customerAddress, method) : addressValuesOf(null));
    clearErrors();
  };

  const record = async (input: ReleaseFirearmInput) => {
    // A PO Box is warned, not refused: the staff confirm the address before it is sent.
    if (input.method === 'ship' && isPoBoxAddress(input.toAddress) && !getValues('poBoxConfirmed')) {
      form.setError('poBoxConfirmed', { type: 'custom', message: rc.poBoxWarning });
      return;
    }
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
  const transfer = values.to === 'customer' && values.recipientIsDeliverer === 'no';
  const check = (key: 'idType' | 'idIssuer' | 'idLast4' | 'toName' | 'toLicense' | 'form4473Ref') => register(key, { onChange: () => clearErrors(key) });
  const poBox = ship && isPoBoxAddress({ line1: values.address.line1, line2: values.address.line2 });
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
        nameLabel={ship && !transfer ? 'Recipient Name' : undefined}
        licenseField={register('toLicense', { onChange: () => clearErrors('toLicense') })}
        addressField={(field) => register(`address.${field}`, { onChange: () => clearMessages(form, 'toAddress') })}
        errors={errors}
        addressHint={values.to === 'customer' ? (transfer ? "The recipient's address." : ship ? 'The return address of the order.' : "The customer's mailing address.") : undefined}
      />
      {values.to === 'customer' ? <DelivererFields answer={values.recipientIsDeliverer} onAnswer={onDeliverer} deliverer={order.customerName} field={check} errors={errors} /> : null}
      {ship ? null : <RecipientIdFields field={check} errors={errors} />}
      {ship ? (
        <div className="grid gap-4 @xl:grid-cols-2">
          <FormField label="Carrier" required placeholder="UPS, FedEx, USPS…" {...text('carrier')} />
          <FormField label="Tracking Number" required {...text('trackingNumber')} />
        </div>
      ) : null}
      {ship ? <CheckField label={rc.adultSignature} detail="The carrier was told to require an adult's signature on delivery." field={register('adultSignature')} /> : null}
      {poBox ? <PoBoxWarning confirm={register('poBoxConfirmed', { onChange: () => clearErrors('poBoxConfirmed') })} error={errors.poBoxConfirmed} /> : null}
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
