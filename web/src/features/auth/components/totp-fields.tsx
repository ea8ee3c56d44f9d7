import type { UseFormRegisterReturn } from 'react-hook-form';
import * as z from '@gs/shared/schemas/zod';
import { FormField } from '@/components/ui/form-field';
import { signInStepMessages as m } from '../messages';

/** "JBSW Y3DP EHPK 3PXP": a key read or typed four letters at a time. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The authenticator code a form may send: six digits (spaces around them are dropped). */
export const isTotpCode = (value: string) => /^\d{6}$/.test(value.trim());

/** An authenticator code field: six digits, or codeRequired. */
export const totpCodeField = z.string().check(z.refine(isTotpCode, m.codeRequired));

/** Cognito's answers to a wrong authenticator code (at sign-in, and when setting the app up). */
export function isWrongTotpCode(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException';
}

/** The key to add to an authenticator app, grouped in fours, and the otpauth:// link that adds it on a phone. */
export function TotpKey({ secret, uri, className = '' }: { secret: string; uri: string; className?: string }) {
  return (
    <div className={`space-y-2 rounded-lg border border-slate-300 p-3 dark:border-slate-600 ${className}`}>
      <p className="text-sm font-medium">{m.secretLabel}</p>
      <p data-testid="totp-secret" className="font-mono text-base break-all select-all">
        {groupedSecret(secret)}
      </p>
      <a href={uri} className="text-sm font-semibold underline underline-offset-2">
        {m.openInApp}
      </a>
    </div>
  );
}

/** The 6-digit authenticator code (browsers and phones may fill it in from the app); `field` is the form's register() of it. */
export function TotpCodeField({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return <FormField label={m.codeLabel} autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...field} error={error} />;
}
