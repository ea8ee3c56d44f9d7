import { useState, type FormEvent } from 'react';
import type { ServiceType, ServiceTypeKind } from '@gs/shared/api-types';
import { centsToInput, dollarsToCents } from '@gs/shared/money';
import { formatHours, hoursToHundredths } from '@gs/shared/invoice';
import { createServiceTypeSchema } from '@gs/shared/schemas/service-types';
import { MAX_SERVICE_TYPES, SERVICE_TYPE_KINDS, SERVICE_TYPE_KIND_LABELS, serviceTypeDefaultText, serviceTypeMessages as m } from '@gs/shared/service-types';
import { SelectField } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { PageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useServiceTypes } from '@/lib/service-types';
import { useStaffMay } from '@/lib/staff-role';
import { useSaveServiceType } from '../api/service-types';

export const SERVICE_TYPES_TEXT = {
  heading: 'Price list',
  intro: `What New Order and extra work pick from. Labor is priced by the hour at the labor rate (Billing); flat services and parts by their price. A type no longer offered is deactivated, never deleted: orders keep the name they were made with. At most ${MAX_SERVICE_TYPES} types.`,
  add: 'Add Service Type',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  formAdd: 'New service type',
  formEdit: 'Edit service type',
  loadFailed: 'Failed to load the price list. Please try again.',
  inactive: 'Inactive',
  taxable: 'Taxable',
  ownerOnly: 'Only the owner changes the price list.',
} as const;

interface Draft {
  name: string;
  kind: ServiceTypeKind;
  price: string;
  hours: string;
  taxable: boolean;
  active: boolean;
}

const EMPTY: Draft = { name: '', kind: 'labor', price: '', hours: '1', taxable: false, active: true };
const draftOf = (t: ServiceType): Draft => ({
  name: t.name,
  kind: t.kind,
  price: t.defaultPriceCents === null ? '' : centsToInput(t.defaultPriceCents),
  hours: t.defaultHoursHundredths === null ? '' : formatHours(t.defaultHoursHundredths),
  taxable: t.taxable,
  active: t.active,
});

/** The form's values as the API's body: the kind's own default only; null where a number does not read as one. */
function inputOf(d: Draft) {
  const labor = d.kind === 'labor';
  const hours = labor ? hoursToHundredths(d.hours) : null;
  const price = labor ? null : dollarsToCents(d.price);
  return {
    name: d.name,
    kind: d.kind,
    defaultPriceCents: labor ? null : (price ?? -1),
    defaultHoursHundredths: labor ? (hours ?? -1) : null,
    taxable: d.taxable,
    active: d.active,
  };
}

function TypeForm({ editing, onDone }: { editing: ServiceType | null; onDone: () => void }) {
  const save = useSaveServiceType();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : { ...EMPTY });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<FormResultValue>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const FIELD: Record<string, string> = { defaultPriceCents: 'price', defaultHoursHundredths: 'hours' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const body = inputOf(draft);
    const parsed = createServiceTypeSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [FIELD[String(i.path[0])] ?? String(i.path[0]), i.message])));
      return;
    }
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input: parsed.data });
      toast.success(editing ? m.saved : m.created);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [FIELD[k] ?? k, v])));
        if (error.status === 409) setErrors({ name: error.message });
        setResult({ tone: 'error', text: error.message });
      } else setResult({ tone: 'error', text: String(error) });
    }
  };

  const title = editing ? SERVICE_TYPES_TEXT.formEdit : SERVICE_TYPES_TEXT.formAdd;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={title} className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" required value={draft.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} maxLength={50} />
        <SelectField label="Kind" value={draft.kind} onChange={(e) => set({ kind: e.target.value as ServiceTypeKind, taxable: e.target.value === 'part' })} error={errors.kind}>
          {SERVICE_TYPE_KINDS.map((k) => (
            <option key={k} value={k}>
              {SERVICE_TYPE_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        {draft.kind === 'labor' ? (
          <FormField label="Default hours" type="number" inputMode="decimal" min={0} step={0.25} required value={draft.hours} onChange={(e) => set({ hours: e.target.value })} error={errors.hours} hint="Labor: hours × the labor rate (Billing)" />
        ) : (
          <FormField label="Default price ($)" type="number" inputMode="decimal" min={0} step={0.01} required value={draft.price} onChange={(e) => set({ price: e.target.value })} error={errors.price} />
        )}
        <div className="flex flex-col justify-center gap-2">
          <label className="flex items-center gap-3 text-sm font-medium">
            <input type="checkbox" checked={draft.taxable} onChange={(e) => set({ taxable: e.target.checked })} className="size-4 rounded border-slate-400 accent-slate-900 dark:accent-amber-400" />
            Taxable (sales tax at the order's rate)
          </label>
          <label className="flex items-center gap-3 text-sm font-medium">
            <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} className="size-4 rounded border-slate-400 accent-slate-900 dark:accent-amber-400" />
            Active (offered on new orders and extra work)
          </label>
        </div>
      </div>
      <FormResult result={result} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : SERVICE_TYPES_TEXT.save}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {SERVICE_TYPES_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Settings → Service Types: the price list, and (owner) its add and edit form. */
export function ServiceTypesPanel() {
  const list = useServiceTypes();
  const mayEdit = useStaffMay('owner');
  const [editing, setEditing] = useState<ServiceType | 'new' | null>(null);

  if (list.isPending) return <PageSpinner />;
  if (list.isError)
    return (
      <Alert tone="error">
        <p>{SERVICE_TYPES_TEXT.loadFailed}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  const { items, laborRateCents } = list.data;
  return (
    <section aria-label={SERVICE_TYPES_TEXT.heading} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 className="text-base font-semibold">{SERVICE_TYPES_TEXT.heading}</h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{SERVICE_TYPES_TEXT.intro}</p>
          {mayEdit ? null : <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{SERVICE_TYPES_TEXT.ownerOnly}</p>}
        </div>
        {mayEdit && editing === null && items.length < MAX_SERVICE_TYPES ? <Button onClick={() => setEditing('new')}>{SERVICE_TYPES_TEXT.add}</Button> : null}
      </div>
      {editing !== null ? <TypeForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{m.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Service types">
          {items.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className={`font-medium [overflow-wrap:anywhere] ${t.active ? '' : 'text-slate-500 dark:text-slate-400'}`}>{t.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {SERVICE_TYPE_KIND_LABELS[t.kind]} · {serviceTypeDefaultText(t, laborRateCents)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {t.taxable ? <Badge tone="blue">{SERVICE_TYPES_TEXT.taxable}</Badge> : null}
                {t.active ? null : <Badge tone="grey">{SERVICE_TYPES_TEXT.inactive}</Badge>}
                {mayEdit ? (
                  <Button variant="secondary" onClick={() => setEditing(t)} aria-label={`${SERVICE_TYPES_TEXT.edit} ${t.name}`}>
                    {SERVICE_TYPES_TEXT.edit}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
