import { useState, type FormEvent } from 'react';
import type { SignInResult } from '@/lib/auth/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { newPasswordErrors, passwordErrorMessage, passwordMessages } from '@/lib/auth/password-messages';

export type PendingStep = Exclude<SignInResult, { status: 'signedIn' }>;

export const signInStepMessages = {
  newPasswordTitle: 'Choose Your Password',
  newPasswordIntro: 'The shop set up your account with a temporary password. Choose your own to continue.',
  newPasswordButton: 'Set Password and Sign In',
  totpTitle: 'Two-Step Sign-In',
  totpIntro: 'Enter the 6-digit code your authenticator app shows for this account.',
  totpSetupTitle: 'Set Up Two-Step Sign-In',
  totpSetupIntro:
    'Staff accounts sign in with a password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…). Add this account to your app with the key below, then enter the 6-digit code it shows.',
  secretLabel: 'Key',
  openInApp: 'Open in an authenticator app',
  codeLabel: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying...',
  codeRequired: 'Please enter the 6-digit code',
  codeWrong: 'That code is not right. Enter the code your app shows now.',
  sessionExpired: 'Your sign-in took too long. Please sign in again.',
} as const;

const m = signInStepMessages;

/** "JBSW Y3DP EHPK 3PXP": a key read or typed four letters at a time. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * The step after the password that Cognito asked for: a customer created by the shop chooses their own
 * password; staff type their authenticator code, or first add the account to an authenticator app.
 * `onRestart` goes back to the email and password (the step's session expired).
 */
export function SignInStepForm({
  step,
  onAnswer,
  onRestart,
}: {
  step: PendingStep;
  onAnswer: (response: string) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ value?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isPassword = step.status === 'newPasswordRequired';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = isPassword
      ? (({ newPassword, confirm: c }) => ({ value: newPassword, confirm: c }))(newPasswordErrors(value, confirm))
      : { value: /^\d{6}$/.test(value.trim()) ? undefined : m.codeRequired };
    const clean = Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as typeof errors;
    setErrors(clean);
    if (Object.keys(clean).length > 0) return;
    setBusy(true);
    try {
      await onAnswer(value);
    } catch (error) {
      setBusy(false);
      const err = error as { name?: string; message?: string } | null;
      if (err?.name === 'NotAuthorizedException' && /session/i.test(err.message ?? '')) return onRestart(m.sessionExpired);
      if (err?.name === 'CodeMismatchException' || err?.name === 'EnableSoftwareTokenMFAException') return setErrors({ value: m.codeWrong });
      const { field, message } = passwordErrorMessage(error, 'Something went wrong. Please try again.');
      if (isPassword && field === 'newPassword') setErrors({ value: message });
      else setFormError(message);
    }
  };

  const title = isPassword ? m.newPasswordTitle : step.status === 'totpSetup' ? m.totpSetupTitle : m.totpTitle;
  const intro = isPassword ? m.newPasswordIntro : step.status === 'totpSetup' ? m.totpSetupIntro : m.totpIntro;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="sign-in-step-heading">
      <div>
        <h2 id="sign-in-step-heading" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</p>
      </div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {step.status === 'totpSetup' ? (
        <div className="space-y-2 rounded-lg border border-slate-300 p-3 dark:border-slate-600">
          <p className="text-sm font-medium">{m.secretLabel}</p>
          <p data-testid="totp-secret" className="font-mono text-base break-all select-all">
            {grouped(step.secret)}
          </p>
          <a href={step.uri} className="text-sm font-semibold underline underline-offset-2">
            {m.openInApp}
          </a>
        </div>
      ) : null}
      {isPassword ? (
        <>
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField label={passwordMessages.newPasswordLabel} type="password" autoComplete="new-password" value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} hint={passwordMessages.hint} />
          <FormField label={passwordMessages.confirmLabel} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
        </>
      ) : (
        <FormField label={m.codeLabel} autoComplete="one-time-code" inputMode="numeric" maxLength={6} value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? m.verifying : isPassword ? m.newPasswordButton : m.verify}
      </Button>
    </form>
  );
}
