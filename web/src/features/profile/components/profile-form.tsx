import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Profile } from '@gs/shared/api-types';
import { formatPhone } from '@gs/shared/phone';
import { updateMeSchema, type UpdateMeBody } from '@gs/shared/schemas/profile';
import { AddressFields, addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { issueFields, type FieldErrors } from '@/lib/field-errors';
import { useUpdateMe } from '../api/update-me';
import { profileMessages as msg } from '../messages';

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  address: AddressValues;
  enableSmsNotifications: boolean;
  emailOptionalNotifications: boolean;
}

const valuesOf = (p: Profile): Values => ({
  firstName: p.firstName ?? '',
  lastName: p.lastName ?? '',
  phone: formatPhone(p.phone),
  address: addressValuesOf(p.address),
  enableSmsNotifications: p.enableSmsNotifications,
  emailOptionalNotifications: p.emailOptionalNotifications,
});

/** A labelled on/off switch with its explanation tied to it. */
function Switch({ label, hint, checked, onChange }: { label: string; hint: ReactNode; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-slate-900 dark:accent-amber-400"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
    </div>
  );
}

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/** The customer's own details and notification preferences, saved together (PATCH /api/me). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const save = useUpdateMe();
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<FormResultValue>(null);

  const set = <K extends keyof Values>(key: K) => (value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setResult(null);
  };
  const text = (key: 'firstName' | 'lastName' | 'phone') => (event: { target: { value: string } }) => set(key)(event.target.value);
  const setAddress = (field: keyof AddressValues, value: string) => {
    setValues((v) => ({ ...v, address: { ...v.address, [field]: value } }));
    setResult(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    // All address fields blank: no address (null clears a saved one).
    const input: UpdateMeBody = { ...values, phone: values.phone.trim(), address: addressInput(values.address) };
    // The route's own schema first: what the server would refuse is said here, field by field.
    const checked = updateMeSchema.safeParse(input);
    const found: FieldErrors = checked.success ? {} : issueFields(checked.error.issues);
    if (input.enableSmsNotifications && !input.phone && !found.phone) found.phone = msg.smsNeedsPhone;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(input);
      setValues(valuesOf(saved));
      setResult({ tone: 'success', text: msg.saved });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fields);
      setResult({ tone: 'error', text: msg.saveFailed });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={msg.title} className="space-y-6">
      <section aria-labelledby="profile-details-heading" className={card}>
        <h2 id="profile-details-heading" className="text-lg font-semibold">
          {msg.detailsHeading}
        </h2>
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" value={values.firstName} onChange={text('firstName')} error={errors.firstName} autoComplete="given-name" required />
            <FormField label="Last Name" value={values.lastName} onChange={text('lastName')} error={errors.lastName} autoComplete="family-name" required />
          </div>
          <div>
            <p className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">Email</p>
            <p className="font-medium break-all">{profile.email}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{msg.emailHint}</p>
          </div>
          <FormField label="Phone" type="tel" value={values.phone} onChange={text('phone')} error={errors.phone} hint={msg.phoneHint} autoComplete="tel" />
        </div>
      </section>

      <section aria-labelledby="profile-address-heading" className={card}>
        <h2 id="profile-address-heading" className="text-lg font-semibold">
          {msg.addressHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{msg.addressHint}</p>
        <div className="mt-4">
          <AddressFields values={values.address} onChange={setAddress} errors={errors} autoFill />
        </div>
      </section>

      <section aria-labelledby="profile-notifications-heading" className={card}>
        <h2 id="profile-notifications-heading" className="text-lg font-semibold">
          {msg.notificationsHeading}
        </h2>
        <div className="mt-4 space-y-5">
          <Switch label={msg.smsLabel} hint={msg.smsHint} checked={values.enableSmsNotifications} onChange={set('enableSmsNotifications')} />
          <Switch label={msg.emailLabel} hint={msg.essentialHint} checked={values.emailOptionalNotifications} onChange={set('emailOptionalNotifications')} />
        </div>
      </section>

      <FormResult result={result} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
