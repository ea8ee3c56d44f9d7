import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import * as authClient from '@/lib/auth/auth-client';
import { newPasswordErrors, passwordErrorMessage, passwordMessages as m } from '@/lib/auth/password-messages';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

/** The signed-in person's own password (Cognito ChangePassword): the current one, then the new one twice. */
export function ChangePasswordForm() {
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<FormResultValue>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setResult(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Partial<Record<Field, string>> = newPasswordErrors(values.newPassword, values.confirm);
    if (!values.currentPassword) found.currentPassword = 'Please enter your current password';
    else if (!found.newPassword && values.newPassword === values.currentPassword) found.newPassword = m.samePassword;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await authClient.changePassword({ oldPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
      setResult({ tone: 'success', text: m.changed });
    } catch (error) {
      const { field, message } = passwordErrorMessage(error, m.changeFailed);
      if (field === 'currentPassword' || field === 'newPassword') setErrors({ [field]: message });
      setResult({ tone: 'error', text: field ? m.changeFailed : message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="change-password-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        {m.changeTitle}
      </h2>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <FormField label={m.currentPasswordLabel} type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={m.newPasswordLabel} type="password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} hint={m.hint} />
        <FormField label={m.confirmLabel} type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      </div>
      <FormResult result={result} />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? m.changing : m.changeButton}
        </Button>
      </div>
    </form>
  );
}
