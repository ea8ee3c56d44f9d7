import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isValidEmail, messages, normalizeEmail } from '@gs/shared/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import * as authClient from '@/lib/auth/auth-client';
import { newPasswordErrors, passwordErrorMessage, passwordMessages as m } from '@/lib/auth/password-messages';

type Errors = Partial<Record<'email' | 'code' | 'newPassword' | 'confirm', string>>;

/**
 * Forgot password in two steps on one page: the email (Cognito ForgotPassword sends a code to it), then
 * the code and the new password (ConfirmForgotPassword). The first step reads the same for an email with
 * no account. `onDone` runs once the password is reset (the page goes to /login).
 */
export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const address = normalizeEmail(email);
    if (!address) return setErrors({ email: messages.emailRequired });
    if (!isValidEmail(address)) return setErrors({ email: messages.emailInvalid });
    setErrors({});
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

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Errors = { ...newPasswordErrors(newPassword, confirm) };
    if (!code.trim()) found.code = m.codeRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !sentTo) return;
    setBusy(true);
    try {
      await authClient.confirmPasswordReset({ email: sentTo, code, newPassword });
      onDone();
    } catch (error) {
      const { field, message } = passwordErrorMessage(error, m.resetFailed);
      if (field === 'code' || field === 'newPassword') setErrors({ [field]: message });
      // No current password here: any other refusal (an account whose password cannot be reset now) is the fallback.
      else setFormError(field === 'currentPassword' ? m.resetFailed : message);
      setBusy(false);
    }
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={sendCode} className="space-y-5" aria-labelledby="forgot-heading">
        <p className="text-sm text-slate-700 dark:text-slate-300">{m.forgotIntro}</p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Email" name="email" type="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? m.sendingCode : m.sendCode}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.auth.login.getHref()} className="font-semibold underline underline-offset-2">
            Back to Sign In
          </Link>
        </p>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={reset} className="space-y-5" aria-labelledby="forgot-heading">
      <Alert tone="info">
        <span role="status">{m.codeSent(sentTo)}</span>
      </Alert>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormField label={m.codeLabel} name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} />
      <FormField label={m.newPasswordLabel} name="new-password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} error={errors.newPassword} hint={m.hint} />
      <FormField label={m.confirmLabel} name="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
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
