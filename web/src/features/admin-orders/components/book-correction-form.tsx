import { useState, type FormEvent } from 'react';
import type { BookLine, CounterpartyKind } from '@gs/shared/api-types';
import { bookMessages } from '@gs/shared/book';
import { bookCorrectionSchema } from '@gs/shared/schemas/book-correction';
import { addressInput, emptyAddressValues, type AddressValues } from '@/components/form/address-fields';
import { TextAreaField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useReportUnsaved } from '@/components/ui/unsaved-changes';
import { issueFields, type FieldErrors } from '@/lib/field-errors';
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
  const [entry, setEntry] = useState<CorrectedEntry>('acquisition');
  const [before, setBefore] = useState(() => correctionDefaults(order, line, 'acquisition'));
  const [values, setValues] = useState<CorrectionValues>(before);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useReportUnsaved(reason.trim() !== '' || JSON.stringify(values) !== JSON.stringify(before));
  const p = entry === 'acquisition' ? 'from' : 'to';
  const dateKey = entry === 'acquisition' ? 'receivedOn' : 'releasedOn';
  const currentAddress = entry === 'acquisition' ? (line?.current.fromAddress ?? order.intake?.fromAddress) : (line?.current.toAddress ?? order.release?.toAddress);

  const onEntry = (next: CorrectedEntry) => {
    const fresh = correctionDefaults(order, line, next);
    setEntry(next);
    setBefore(fresh);
    setValues(fresh);
    setErrors({});
    setMessage(null);
  };
  const setValue = <K extends keyof CorrectionValues>(key: K, value: CorrectionValues[K], errorKey: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== errorKey && !k.startsWith(`${errorKey}.`))));
  };
  const text = (key: 'firearmType' | 'firearmMake' | 'firearmImporter' | 'firearmModel' | 'serialNumber' | 'firearmCaliber') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValue(key, event.target.value, key),
    error: errors[key],
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const fields = correctionFields(entry, before, values);
    const parsed = bookCorrectionSchema.safeParse({ version: order.version, entry, reason, fields });
    const found: FieldErrors = {};
    if (!parsed.success) for (const [k, v] of Object.entries(issueFields(parsed.error.issues))) found[k.replace(/^fields\./, '')] = v;
    setErrors(found);
    if (Object.keys(fields).length === 0) {
      setMessage(bookMessages.nothingToCorrect);
      return;
    }
    if (!parsed.success) return;
    try {
      const saved = await correct.mutateAsync({ orderId: order.id, input: parsed.data });
      onDone(saved);
    } catch (error) {
      const server: FieldErrors = {};
      for (const [k, v] of Object.entries(serverFields(error))) server[k.replace(/^fields\./, '')] = v;
      setErrors(server);
      const known = [dateKey, p, `${p}Name`, `${p}License`, `${p}Address`, 'firearmType', 'firearmMake', 'firearmImporter', 'firearmModel', 'serialNumber', 'firearmCaliber', 'reason'];
      setMessage(strayErrors(server, known)[0] ?? refusal(error, CORRECTION_FAILED));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Correct book entry" className="@container space-y-4">
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
        value={values.date}
        onChange={(e) => setValue('date', e.target.value, dateKey)}
        error={errors[dateKey]}
      />
      <PartyFields
        legend={entry === 'acquisition' ? 'Received From' : 'Disposed To'}
        prefix={p}
        party={values.party}
        onParty={(party) => setValue('party', party, p)}
        customerName={order.customerName}
        name={values.name}
        onName={(v) => setValue('name', v, `${p}Name`)}
        nameLabel="Name"
        license={values.license}
        onLicense={(v) => setValue('license', v, `${p}License`)}
        address={values.address}
        onAddress={(field, value) => {
          setValues((v) => ({ ...v, address: { ...v.address, [field]: value } }));
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`${p}Address`))));
        }}
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
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors((er) => Object.fromEntries(Object.entries(er).filter(([k]) => k !== 'reason')));
        }}
        error={errors.reason}
      />
      {message ? <Alert tone="error">{message}</Alert> : null}
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
