import { useId, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Profile } from '@gs/shared/api-types';
import { formatPhone } from '@gs/shared/phone';
import { updateMeSchema, type UpdateMeBody } from '@gs/shared/schemas/profile';
import { AddressFields, addressInput, addressValuesOf, type AddressValues } from '@/components/form/address-fields';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { bodySchema, errorTexts, formCheck, schemaResolver, showErrors, useSchemaForm } from '@/lib/form';
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

/** The PATCH /api/me body: all address fields blank is no address (null clears a saved one). */
const toInput = (values: Values): UpdateMeBody => ({ ...values, phone: values.phone.trim(), address: addressInput(values.address) });

/** PATCH /api/me's own schema, and this form's rule that texts need a phone to go to. */
const profileSchema = bodySchema(toInput, updateMeSchema).check(
  formCheck<UpdateMeBody>((body, ctx) => {
    if (body.enableSmsNotifications && !body.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: msg.smsNeedsPhone });
  }),
);

/** A labelled on/off switch with its explanation tied to it; `field` is the form's register() of it. */
function Switch({ label, hint, field }: { label: string; hint: ReactNode; field: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        {...field}
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors: fieldErrors },
  } = useSchemaForm<Values, Values>({ resolver: schemaResolver(profileSchema, { raw: true }), defaultValues: valuesOf(profile) });
  const errors = errorTexts(fieldErrors);
  const [result, setResult] = useState<FormResultValue>(null);
  // Any change takes the last outcome away (the messages under the fields stay until the next save).
  const field = (name: Parameters<typeof register>[0]) => register(name, { onChange: () => setResult(null) });

  const saveProfile = async (values: Values) => {
    try {
      const saved = await save.mutateAsync(toInput(values));
      reset(valuesOf(saved));
      setResult({ tone: 'success', text: msg.saved });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) showErrors({ setError }, error.fields);
      setResult({ tone: 'error', text: msg.saveFailed });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setResult(null);
        void handleSubmit(saveProfile)(event);
      }}
      noValidate
      aria-label={msg.title}
      className="space-y-6"
    >
      <section aria-labelledby="profile-details-heading" className={card}>
        <h2 id="profile-details-heading" className="text-lg font-semibold">
          {msg.detailsHeading}
        </h2>
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" {...field('firstName')} error={errors.firstName} autoComplete="given-name" required />
            <FormField label="Last Name" {...field('lastName')} error={errors.lastName} autoComplete="family-name" required />
          </div>
          <div>
            <p className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">Email</p>
            <p className="font-medium break-all">{profile.email}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{msg.emailHint}</p>
          </div>
          <FormField label="Phone" type="tel" {...field('phone')} error={errors.phone} hint={msg.phoneHint} autoComplete="tel" />
        </div>
      </section>

      <section aria-labelledby="profile-address-heading" className={card}>
        <h2 id="profile-address-heading" className="text-lg font-semibold">
          {msg.addressHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{msg.addressHint}</p>
        <div className="mt-4">
          <AddressFields field={(name) => field(`address.${name}`)} errors={errors} autoFill />
        </div>
      </section>

      <section aria-labelledby="profile-notifications-heading" className={card}>
        <h2 id="profile-notifications-heading" className="text-lg font-semibold">
          {msg.notificationsHeading}
        </h2>
        <div className="mt-4 space-y-5">
          <Switch label={msg.smsLabel} hint={msg.smsHint} field={field('enableSmsNotifications')} />
          <Switch label={msg.emailLabel} hint={msg.essentialHint} field={field('emailOptionalNotifications')} />
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
