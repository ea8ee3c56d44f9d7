import { useState, type BaseSyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import * as z from '@gs/shared/schemas/zod';
import { confirmed, emailField, newPasswordField } from '@gs/shared/schemas/auth';
import { normalizeEmail } from '@gs/shared/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { withRedirect } from '../redirect';
import * as authClient from '@/lib/auth/auth-client';
import { passwordErrorMessage, passwordMessages as m } from '@/lib/auth/password-messages';
import { schemaResolver, useSchemaForm } from '@/lib/form';

const emailStep = z.object({ email: emailField });
/** The code from the email (this form's own field), and the new password by the shared rules. */
const resetStep = z
  .object({ code: z.string().check(z.refine((v) => v.trim() !== '', m.codeRequired)), newPassword: newPasswordField, confirm: z.string() })
  .check(confirmed('newPassword', 'confirm'));
type ResetValues = z.input<typeof resetStep>;

/**
 * Forgot password in two steps on one page: the email (Cognito ForgotPassword sends a code to it), then
 * the code and the new password (ConfirmForgotPassword). The first step reads the same for an email with
 * no account. `onDone` runs once the password is reset (the page goes to /login).
 */
export function ForgotPasswordForm({ onDone, redirect = null }: { onDone: () => void; redirect?: string | null }) {
  const emailForm = useSchemaForm<{ email: string }>({ resolver: schemaResolver(emailStep), defaultValues: { email: '' } });
  const resetForm = useSchemaForm<ResetValues>({ resolver: schemaResolver(resetStep), defaultValues: { code: '', newPassword: '', confirm: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = { ...emailForm.formState.errors, ...resetForm.formState.errors };

  const send = async ({ email }: { email: string }) => {
    const address = normalizeEmail(email);
    // A new code starts the second step over: its messages go.
    resetForm.clearErrors();
    setBusy(true);
    try {
      await authClient.requestPasswordReset({ email: address });
      setSentTo(address);
    } catch (error) {
      const { message } = passwordErrorMessage(error, m.resetFailed);
      // An unknown email must read like a known one (pools that do not prevent existence errors).
      if ((error as { name?: string } | null)?.name === 'UserNotFoundException') setSentTo(address);
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  const sendCode = (event?: BaseSyntheticEvent) => {
    setFormError(null);
    return emailForm.handleSubmit(send)(event);
  };

  const reset = async ({ code, newPassword }: ResetValues) => {
    if (!sentTo) return;
    setBusy(true);
    try {
      await authClient.confirmPasswordReset({ email: sentTo, code, newPassword });
      onDone();
    } catch (error) {
      const { field, message } = passwordErrorMessage(error, m.resetFailed);
      if (field === 'code' || field === 'newPassword') resetForm.setError(field, { message });
      // No current password here: any other refusal (an account whose password cannot be reset now) is the fallback.
      else setFormError(field === 'currentPassword' ? m.resetFailed : message);
      setBusy(false);
    }
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={(event) => void sendCode(event)} className="space-y-5" aria-labelledby="forgot-heading">
        <p className="text-sm text-slate-700 dark:text-slate-300">{m.forgotIntro}</p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Email" type="email" autoComplete="username" inputMode="email" {...emailForm.register('email')} error={errors.email?.message} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? m.sendingCode : m.sendCode}
        </Button>
        <p className="text-center text-sm">
          <Link to={withRedirect(paths.auth.login.getHref(), redirect)} className="font-semibold underline underline-offset-2">
            Back to Sign In
          </Link>
        </p>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null);
        void resetForm.handleSubmit(reset)(event);
      }}
      className="space-y-5"
      aria-labelledby="forgot-heading"
    >
      <Alert tone="info">
        <span role="status">{m.codeSent(sentTo)}</span>
      </Alert>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormField label={m.codeLabel} autoComplete="one-time-code" inputMode="numeric" {...resetForm.register('code')} error={errors.code?.message} />
      <FormField label={m.newPasswordLabel} type="password" autoComplete="new-password" {...resetForm.register('newPassword')} error={errors.newPassword?.message} hint={m.hint} />
      <FormField label={m.confirmLabel} type="password" autoComplete="new-password" {...resetForm.register('confirm')} error={errors.confirm?.message} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? m.resetting : m.resetButton}
      </Button>
      <p className="text-center text-sm">
        <button type="button" className="font-semibold underline underline-offset-2" disabled={busy} onClick={() => void sendCode()}>
          {m.resendCode}
        </button>
      </p>
    </form>
  );
}
