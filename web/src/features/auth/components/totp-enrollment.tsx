// Loaded lazily by the staff pages' layout (app/layout/staff-two-step.tsx), only for an admin who has
// not set up two-step sign-in yet: the QR code generator comes with it and nowhere else.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AuthCard } from '@/components/layout/auth-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QrCode } from '@/components/ui/qr-code';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmTotpSetup, useStartTotpSetup } from '../api/mfa';
import { signInStepMessages as m } from '../messages';
import { isTotpCode, isWrongTotpCode, TotpCodeField, TotpKey } from './totp-fields';

/**
 * A signed-in admin adds their account to an authenticator app (QR code, or the key typed in) and
 * proves it with the app's first code. Cognito's pool has optional MFA, so this happens after the
 * password, with the access token; from the next sign-in on Cognito asks for a code. `onEnrolled`
 * runs once two-step sign-in is on.
 */
export default function TotpEnrollment({ onEnrolled }: { onEnrolled: () => void }) {
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotpSetup();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  // One key per visit of this page (a second request would replace the key the app was given).
  const { mutate: startSetup } = setup;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!isTotpCode(code)) return setCodeError(m.codeRequired);
    setCodeError(undefined);
    try {
      await confirm.mutateAsync(code);
    } catch (error) {
      if (isWrongTotpCode(error)) setCodeError(m.codeWrong);
      else setFormError(m.failed);
      return;
    }
    onEnrolled();
  };

  // Still "Verifying..." after success, until the staff page replaces this one.
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
          <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="totp-enrollment-heading">
            <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
              <QrCode text={setup.data.uri} label={m.qrLabel} className="size-48 shrink-0 rounded-md border border-slate-300 dark:border-slate-600" />
              <TotpKey secret={setup.data.secret} uri={setup.data.uri} className="w-full min-w-0 self-stretch sm:w-auto sm:flex-1" />
            </div>
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            <TotpCodeField
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (codeError) setCodeError(undefined);
              }}
              error={codeError}
            />
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
