import { useState } from 'react';
import * as z from '@gs/shared/schemas/zod';
import { confirmed, newPasswordField } from '@gs/shared/schemas/auth';
import type { SignInResult } from '@/lib/auth/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { passwordErrorMessage, passwordMessages } from '@/lib/auth/password-messages';
import { schemaResolver, useSchemaForm } from '@/lib/form';
import { signInStepMessages as m } from '../messages';
import { isWrongTotpCode, totpCodeField, TotpCodeField, TotpKey } from './totp-fields';

export type PendingStep = Exclude<SignInResult, { status: 'signedIn' }>;

/** The texts live in ../messages (shared with the staff enrollment page). */
export { signInStepMessages } from '../messages';

interface StepValues {
  /** The new password, or the authenticator code. */
  value: string;
  confirm: string;
}

/** A new password (the shared rules, confirmed), or an authenticator code (the confirmation unused). */
const newPasswordStep = z.object({ value: newPasswordField, confirm: z.string() }).check(confirmed('value', 'confirm'));
const codeStep = z.object({ value: totpCodeField, confirm: z.string() });

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
  const isPassword = step.status === 'newPasswordRequired';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<StepValues>({ resolver: schemaResolver(isPassword ? newPasswordStep : codeStep), defaultValues: { value: '', confirm: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async ({ value }: StepValues) => {
    setBusy(true);
    try {
      await onAnswer(value);
    } catch (error) {
      setBusy(false);
      const err = error as { name?: string; message?: string } | null;
      if (err?.name === 'NotAuthorizedException' && /session/i.test(err.message ?? '')) return onRestart(m.sessionExpired);
      if (isWrongTotpCode(err)) return setError('value', { message: m.codeWrong });
      const { field, message } = passwordErrorMessage(error, m.failed);
      if (isPassword && field === 'newPassword') setError('value', { message });
      else setFormError(message);
    }
  };

  const title = isPassword ? m.newPasswordTitle : step.status === 'totpSetup' ? m.totpSetupTitle : m.totpTitle;
  const intro = isPassword ? m.newPasswordIntro : step.status === 'totpSetup' ? m.totpSetupIntro : m.totpIntro;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(answer)(event);
      }}
      className="space-y-5"
      aria-labelledby="sign-in-step-heading"
    >
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
          <FormField label={passwordMessages.newPasswordLabel} type="password" autoComplete="new-password" {...register('value')} error={errors.value?.message} hint={passwordMessages.hint} />
          <FormField label={passwordMessages.confirmLabel} type="password" autoComplete="new-password" {...register('confirm')} error={errors.confirm?.message} />
        </>
      ) : (
        <TotpCodeField field={register('value')} error={errors.value?.message} />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? m.verifying : isPassword ? m.newPasswordButton : m.verify}
      </Button>
    </form>
  );
}
