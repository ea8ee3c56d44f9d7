// Loaded lazily by the staff pages' layout (app/layout/staff-two-step.tsx), only for an admin who has
// not set up two-step sign-in yet: the QR code generator comes with it and nowhere else.
import { useEffect, useRef, useState } from 'react';
import * as z from '@gs/shared/schemas/zod';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QrCode } from '@/components/ui/qr-code';
import { Spinner } from '@/components/ui/spinner';
import { schemaResolver, useSchemaForm } from '@/lib/form';
import { useConfirmTotpSetup, useStartTotpSetup } from '../api/mfa';
import { signInStepMessages as m } from '../messages';
import { isWrongTotpCode, totpCodeField, TotpCodeField, TotpKey } from './totp-fields';

const enrollmentSchema = z.object({ code: totpCodeField });

/**
 * A signed-in admin adds their account to an authenticator app (QR code, or the key typed in) and
 * proves it with the app's first code. Cognito's pool has optional MFA, so this happens after the
 * password, with the access token; from the next sign-in on Cognito asks for a code. `onEnrolled`
 * runs once two-step sign-in is on.
 */
export default function TotpEnrollment({ onEnrolled }: { onEnrolled: () => void | Promise<void> }) {
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotpSetup();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useSchemaForm<{ code: string }>({ resolver: schemaResolver(enrollmentSchema), defaultValues: { code: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  // One key per visit of this page (a second request would replace the key the app was given).
  const { mutate: startSetup } = setup;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);

  const enroll = async ({ code }: { code: string }) => {
    try {
      await confirm.mutateAsync(code);
    } catch (error) {
      if (isWrongTotpCode(error)) setError('code', { message: m.codeWrong });
      else setFormError(m.failed);
      return;
    }
    await onEnrolled();
  };

  // Still "Verifying..." after success, until the sign-in page replaces this one.
  const busy = confirm.isPending || confirm.isSuccess;
  return (
    <div className="space-y-4">
      <AuthCard headingId="totp-enrollment-heading" title={m.totpSetupTitle} subtitle={m.totpEnrollIntro}>
        {setup.isError ? (
          <Alert tone="error">
            <p>{m.setupFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={() => startSetup()}>
              {m.tryAgain}
            </Button>
          </Alert>
        ) : !setup.data ? (
          <div role="status" className="flex items-center gap-2 py-4 text-sm text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" /> {m.setupLoading}
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              setFormError(null);
              void handleSubmit(enroll)(event);
            }}
            className="space-y-5"
            aria-labelledby="totp-enrollment-heading"
          >
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <QrCode text={setup.data.uri} label={m.qrLabel} className="size-48 shrink-0 rounded-md border border-slate-300 dark:border-slate-600" />
              <TotpKey secret={setup.data.secret} uri={setup.data.uri} className="w-full min-w-0 self-stretch sm:w-auto sm:flex-1" />
            </div>
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            {/* Typing takes the code's message away. */}
            <TotpCodeField field={register('code', { onChange: () => clearErrors('code') })} error={errors.code?.message} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? m.verifying : m.verify}
            </Button>
          </form>
        )}
      </AuthCard>
      <p className="text-sm text-slate-700 dark:text-slate-300">{m.lostPhone}</p>
    </div>
  );
}
