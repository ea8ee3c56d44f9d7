import { useState, type FormEvent } from 'react';
import type { SignInResult } from '@/lib/auth/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { newPasswordErrors, passwordErrorMessage, passwordMessages } from '@/lib/auth/password-messages';
import { signInStepMessages as m } from '../messages';
import { isTotpCode, isWrongTotpCode, TotpCodeField, TotpKey } from './totp-fields';

export type PendingStep = Exclude<SignInResult, { status: 'signedIn' }>;

/** The texts live in ../messages (shared with the staff enrollment page). */
export { signInStepMessages } from '../messages';

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
      : { value: isTotpCode(value) ? undefined : m.codeRequired };
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
      if (isWrongTotpCode(err)) return setErrors({ value: m.codeWrong });
      const { field, message } = passwordErrorMessage(error, m.failed);
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
      {step.status === 'totpSetup' ? <TotpKey secret={step.secret} uri={step.uri} /> : null}
      {isPassword ? (
        <>
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <FormField label={passwordMessages.newPasswordLabel} type="password" autoComplete="new-password" value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} hint={passwordMessages.hint} />
          <FormField label={passwordMessages.confirmLabel} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
        </>
      ) : (
        <TotpCodeField value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? m.verifying : isPassword ? m.newPasswordButton : m.verify}
      </Button>
    </form>
  );
}
