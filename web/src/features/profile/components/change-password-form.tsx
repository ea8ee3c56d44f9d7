import { useState } from 'react';
import * as z from '@gs/shared/schemas/zod';
import { changePasswordFields, confirmed, differsFromCurrent } from '@gs/shared/schemas/auth';
import { sessionMessages } from '@gs/shared/validation';
import { Button } from '@/components/ui/button';
import { FormResult, type FormResultValue } from '@/components/ui/form-result';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { passwordMessages as m } from '@/lib/auth/password-messages';
import { sessionEnded, whileSigningInAgain } from '@/lib/session-end';
import { changeMyPassword } from '../api/change-password';
import { schemaResolver, useSchemaForm } from '@/lib/form';

type Field = 'currentPassword' | 'newPassword' | 'confirm';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirm: '' };

/** The API's rules (shared/src/schemas/auth.ts), and the confirmation equal to the new password. */
const changePasswordFormSchema = z
  .object({ ...changePasswordFields, confirm: z.string() })
  .check(differsFromCurrent, confirmed('newPassword', 'confirm'));

/**
 * The signed-in person's own password: the current one, then the new one twice. The API changes it and ends every
 * session of the person (this one too); this page signs in again at once with the new password, so the person stays
 * signed in here and nowhere else.
 */
export function ChangePasswordForm() {
  const { user, signIn } = useAuth();
  const [result, setResult] = useState<FormResultValue>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm<Record<Field, string>>({ resolver: schemaResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const [busy, setBusy] = useState(false);
  // Typing takes the last outcome away (the messages under the fields stay until the next try).
  const field = (name: Field) => ({ ...register(name, { onChange: () => setResult(null) }), error: errors[name]?.message });

  const change = async (values: Record<Field, string>) => {
    setBusy(true);
    try {
      const signedInAgain = await whileSigningInAgain(async () => {
        await changeMyPassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        try {
          return (await signIn({ email: user?.email ?? '', password: values.newPassword })).status === 'signedIn';
        } catch {
          return false;
        }
      });
      if (!signedInAgain) return sessionEnded(sessionMessages.passwordChanged);
      reset(EMPTY);
      setResult({ tone: 'success', text: m.changed });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      for (const name of ['currentPassword', 'newPassword'] as const) if (fields[name]) setError(name, { message: fields[name] });
      const message = error instanceof ApiError && error.status !== 400 && error.status < 500 ? error.message : m.changeFailed;
      setResult({ tone: 'error', text: message });
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
