import { useState } from 'react';
import * as z from '@gs/shared/schemas/zod';
import { confirmed, isNewPasswordValid, newPasswordField } from '@gs/shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import * as authClient from '@/lib/auth/auth-client';
import { passwordErrorMessage, passwordMessages as m } from '@/lib/auth/password-messages';
import { schemaResolver, useSchemaForm } from '@/lib/form';

type Field = 'currentPassword' | 'newPassword' | 'confirm';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirm: '' };

/** The new password by the shared rules, after the current one (this form's own field); a good new password must differ from it. */
const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.refine((v) => v !== '', 'Please enter your current password')),
    newPassword: newPasswordField,
    confirm: z.string(),
  })
  .check(
    confirmed('newPassword', 'confirm'),
    z.superRefine((v, ctx) => {
      if (v.currentPassword && isNewPasswordValid(v.newPassword) && v.newPassword === v.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message: m.samePassword });
      }
    }),
  );

/** The signed-in person's own password (Cognito ChangePassword): the current one, then the new one twice. */
export function ChangePasswordForm() {
  const [result, setResult] = useState<FormResultValue>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm<Record<Field, string>>({ resolver: schemaResolver(changePasswordSchema), defaultValues: EMPTY });
  const [busy, setBusy] = useState(false);
  // Typing takes the last outcome away (the messages under the fields stay until the next try).
  const field = (name: Field) => ({ ...register(name, { onChange: () => setResult(null) }), error: errors[name]?.message });

  const change = async (values: Record<Field, string>) => {
    setBusy(true);
    try {
      await authClient.changePassword({ oldPassword: values.currentPassword, newPassword: values.newPassword });
      reset(EMPTY);
      setResult({ tone: 'success', text: m.changed });
    } catch (error) {
      const { field, message } = passwordErrorMessage(error, m.changeFailed);
      if (field === 'currentPassword' || field === 'newPassword') setError(field, { message });
      setResult({ tone: 'error', text: field ? m.changeFailed : message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setResult(null);
        void handleSubmit(change)(event);
      }}
      aria-labelledby="change-password-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        {m.changeTitle}
      </h2>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <FormField label={m.currentPasswordLabel} type="password" autoComplete="current-password" {...field('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={m.newPasswordLabel} type="password" autoComplete="new-password" {...field('newPassword')} hint={m.hint} />
        <FormField label={m.confirmLabel} type="password" autoComplete="new-password" {...field('confirm')} />
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
