import { useState } from 'react';
import type { BookLine, CounterpartyKind } from '@gs/shared/api-types';
import { bookMessages } from '@gs/shared/book';
import { bookCorrectionSchema, type BookCorrectionInput } from '@gs/shared/schemas/book-correction';
import type * as z from '@gs/shared/schemas/zod';
import { addressInput, emptyAddressValues, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { bodySchema, clearMessages, errorTexts, formCheck, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
import { useCorrectBookEntry } from '../api/book-correction';
import type { AdminOrder } from '../types';
import { ChoiceGroup, PartyFields, localToday, refusal, serverFields, strayErrors, FirearmDescriptionFields } from './firearm-shared';

export const CORRECTION_FAILED = 'Failed to record the correction. Please try again.';

export type CorrectedEntry = 'acquisition' | 'disposition';

/** The entry's columns as the form holds them (the address is typed only to change it: blank keeps it). */
export interface CorrectionValues {
  date: string;
  party: CounterpartyKind;
  name: string;
  license: string;
  address: AddressValues;
  firearmType: string;
  firearmMake: string;
  firearmImporter: string;
  firearmModel: string;
  serialNumber: string;
  firearmCaliber: string;
}

/** The columns the entry holds now (the book line's current columns; the order's before the line is read). */
export function correctionDefaults(order: AdminOrder, line: BookLine | undefined, entry: CorrectedEntry): CorrectionValues {
  const c = line?.current;
  const acquisition = entry === 'acquisition';
  return {
    date: (acquisition ? (c?.acquiredOn ?? order.intake?.receivedOn) : (c?.disposedOn ?? order.release?.releasedOn)) ?? '',
    party: (acquisition ? (c?.from ?? order.intake?.from) : c?.to || order.release?.to) || 'customer',
    name: (acquisition ? (c?.fromName ?? order.intake?.fromName) : (c?.toName ?? order.release?.toName)) ?? '',
    license: (acquisition ? (c?.fromLicense ?? order.intake?.fromLicense) : (c?.toLicense ?? order.release?.toLicense)) ?? '',
    address: emptyAddressValues,
    firearmType: c?.firearmType ?? order.firearmType ?? '',
    firearmMake: c?.manufacturer ?? order.firearmMake ?? '',
    firearmImporter: c?.importer ?? order.firearmImporter ?? '',
    firearmModel: c?.model ?? order.firearmModel ?? '',
    serialNumber: c?.serialNumber ?? order.serialNumber ?? '',
    firearmCaliber: c?.caliber ?? order.firearmCaliber ?? '',
  };
}

/** Only what differs from the entry as it stands, under the contract's names (a blank license clears it). */
export function correctionFields(entry: CorrectedEntry, before: CorrectionValues, now: CorrectionValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const p = entry === 'acquisition' ? 'from' : 'to';
  const put = (key: string, a: string, b: string, blank: null | undefined = undefined) => {
    if (a.trim() !== b.trim()) fields[key] = b.trim() || blank;
  };
  put(entry === 'acquisition' ? 'receivedOn' : 'releasedOn', before.date, now.date);
  if (before.party !== now.party) fields[p] = now.party;
  // A name is the licensee's (or the recipient's); going back to the customer takes the customer's name.
  if (!(now.party === 'customer' && before.party !== 'customer')) put(`${p}Name`, before.name, now.name);
  if (now.party === 'licensee') put(`${p}License`, before.license, now.license, null);
  const address = addressInput(now.address);
  if (address) fields[`${p}Address`] = address;
  if (entry === 'acquisition') {
    put('firearmType', before.firearmType, now.firearmType);
    put('firearmMake', before.firearmMake, now.firearmMake);
    put('firearmImporter', before.firearmImporter, now.firearmImporter, null);
    put('firearmModel', before.firearmModel, now.firearmModel);
    put('serialNumber', before.serialNumber, now.serialNumber);
    put('firearmCaliber', before.firearmCaliber, now.firearmCaliber);
  }
  // An emptied required column is sent as empty, for the schema to refuse with its message.
  for (const key of ['firearmMake', 'firearmModel', 'serialNumber', 'firearmCaliber', 'firearmType', `${p}Name`, 'receivedOn', 'releasedOn'])
    if (key in fields && fields[key] === undefined) fields[key] = '';
  return fields;
}

const ENTRY_LABELS: Record<CorrectedEntry, string> = { acquisition: 'Acquisition (receipt)', disposition: 'Disposition (release)' };

/** The form: the entry corrected, its columns and the reason. */
type FormValues = CorrectionValues & { entry: CorrectedEntry; reason: string };

/**
 * The route's own schema on what changed since `before` (so the form refuses what the server would, with its
 * words), and the server's refusal of a correction that changes nothing, said as the form's message.
 */
const correctionSchema = (version: number, before: CorrectionValues) =>
  bodySchema(
    (v: FormValues): z.input<typeof bookCorrectionSchema> => ({ version, entry: v.entry, reason: v.reason, fields: correctionFields(v.entry, before, v) }),
    bookCorrectionSchema,
  ).check(
    formCheck<BookCorrectionInput>((body, ctx) => {
      if (Object.keys(body.fields ?? {}).length === 0) ctx.addIssue({ code: 'custom', path: [], message: bookMessages.nothingToCorrect });
    }),
  );

/** The contract keys its errors `fields.fromName`…: the form shows them at `fromName`…. */
const formNames = (path: string) => path.replace(/^fields\./, '');

/**
 * Correct Book Entry: a new entry of the A&D book correcting the acquisition or the disposition (the original is
 * never changed). The fields start at the entry's current columns; only what changes is sent, with the reason.
 */
export function BookCorrectionForm({
  order,
  line,
  onDone,
  onCancel,
}: {
  order: AdminOrder;
  line: BookLine | undefined;
  onDone: (order: AdminOrder) => void;
  onCancel: () => void;
}) {
  const correct = useCorrectBookEntry();
  const [before, setBefore] = useState(() => correctionDefaults(order, line, 'acquisition'));
  const form = useSchemaForm<FormValues, BookCorrectionInput>({
    resolver: schemaResolver(correctionSchema(order.version, before), { formNames }),
    defaultValues: { ...before, entry: 'acquisition', reason: '' },
  });
  const { register, setValue, getValues, reset } = form;
  const { entry, reason, ...values } = form.watch();
  const errors = errorTexts(form.formState.errors);
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(reason.trim() !== '' || JSON.stringify(values) !== JSON.stringify(before));
  const p = entry === 'acquisition' ? 'from' : 'to';
  const dateKey = entry === 'acquisition' ? 'receivedOn' : 'releasedOn';
  const currentAddress = entry === 'acquisition' ? (line?.current.fromAddress ?? order.intake?.fromAddress) : (line?.current.toAddress ?? order.release?.toAddress);

  const onEntry = (next: CorrectedEntry) => {
    const fresh = correctionDefaults(order, line, next);
    setBefore(fresh);
    // The columns start over at the other entry's; the reason typed stays. The messages go.
    reset({ ...fresh, entry: next, reason: getValues('reason') });
    setMessage(null);
  };
  // A change takes the messages of its column away (named as the contract names it).
  const field = (key: keyof CorrectionValues | 'reason', errorKey: string) => register(key, { onChange: () => clearMessages(form, errorKey) });
  const text = (key: 'firearmType' | 'firearmMake' | 'firearmImporter' | 'firearmModel' | 'serialNumber' | 'firearmCaliber') => ({
    ...field(key, key),
    error: errors[key],
  });

  const record = async (input: BookCorrectionInput) => {
    try {
      const saved = await correct.mutateAsync({ orderId: order.id, input });
      onDone(saved);
    } catch (error) {
      const server = serverFields(error);
      showErrors(form, server, formNames);
      const known = [dateKey, p, `${p}Name`, `${p}License`, `${p}Address`, 'firearmType', 'firearmMake', 'firearmImporter', 'firearmModel', 'serialNumber', 'firearmCaliber', 'reason'];
      setMessage(strayErrors(Object.fromEntries(Object.entries(server).map(([k, v]) => [formNames(k), v])), known)[0] ?? refusal(error, CORRECTION_FAILED));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setMessage(null);
        void form.handleSubmit(record)(event);
      }}
      noValidate
      aria-label="Correct book entry"
      className="@container space-y-4"
    >
      <ChoiceGroup
        legend="Entry to Correct"
        name="entry"
        value={entry}
        options={(order.release ? (['acquisition', 'disposition'] as const) : (['acquisition'] as const)).map((e) => ({ value: e, label: ENTRY_LABELS[e] }))}
        onChange={onEntry}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        The original entry stays in the book; the correction is a new entry that references it. Change only what was recorded wrong.
      </p>
      <FormField
        label={entry === 'acquisition' ? 'Date Received' : 'Date Released'}
        type="date"
        required
        max={localToday()}
        {...field('date', dateKey)}
        error={errors[dateKey]}
      />
      <PartyFields
        legend={entry === 'acquisition' ? 'Received From' : 'Disposed To'}
        prefix={p}
        party={values.party}
        onParty={(party) => {
          setValue('party', party);
          clearMessages(form, p);
        }}
        customerName={order.customerName}
        nameField={field('name', `${p}Name`)}
        nameLabel="Name"
        licenseField={field('license', `${p}License`)}
        addressField={(name) => register(`address.${name}`, { onChange: () => clearMessages(form, `${p}Address`) })}
        errors={errors}
        addressHint={`Now: ${currentAddress || 'none'}. Type an address only to correct it; leave it blank to keep it.`}
      />
      {entry === 'acquisition' ? (
        <FirearmDescriptionFields field={text} />
      ) : null}
      <TextAreaField
        label="Reason for the Correction"
        required
        rows={2}
        {...field('reason', 'reason')}
        error={errors.reason}
      />
      {/* What the server said, or that nothing changes (a message about the whole correction). */}
      {(message ?? errors._) ? <Alert tone="error">{message ?? errors._}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={correct.isPending}>
          {correct.isPending ? 'Saving...' : 'Record Correction'}
        </Button>
      </div>
    </form>
  );
}
