import { useState } from 'react';
import * as z from '@gs/shared/schemas/zod';
import { PASSWORD_MIN_LENGTH, normalizeEmail } from '@gs/shared/validation';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { withRedirect } from '../redirect';
import { useAuth } from '@/lib/auth/auth-provider';
import { schemaResolver, useSchemaForm } from '@/lib/form';
import { normalizePhone, registrationSchema, signUpErrorMessage, type RegistrationValues } from '../validation';

const EMPTY: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

type Step = { kind: 'form' } | { kind: 'confirm'; email: string; password: string; destination: string | null };

/** `redirect`: the page opened once signed in (kept on the link to /login). */
export function RegisterForm({ onSuccess, redirect = null }: { onSuccess: () => void; redirect?: string | null }) {
  const { signUp, preload } = useAuth();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useSchemaForm<RegistrationValues>({ resolver: schemaResolver(registrationSchema), defaultValues: EMPTY });
  const [formError, setFormError] = useState<string | null>(null);
  // Set once the fields pass their checks, for as long as the sign-up runs.
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });

  if (step.kind === 'confirm') {
    return <ConfirmSignUp email={step.email} password={step.password} destination={step.destination} onSuccess={onSuccess} />;
  }

  // Typing in a field takes its message away.
  const field = (name: keyof RegistrationValues) => ({ ...register(name, { onChange: () => clearErrors(name) }), error: errors[name]?.message });

  const signUpWith = async (values: RegistrationValues) => {
    setSubmitting(true);
    const email = normalizeEmail(values.email);
    try {
      const result = await signUp({
        email,
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: normalizePhone(values.phone),
      });
      if (result.status === 'signedIn') {
        onSuccess();
        return;
      }
      setStep({ kind: 'confirm', email, password: values.password, destination: result.destination });
    } catch (error) {
      setFormError(signUpErrorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <form
      noValidate
      // The identity client (Amplify, ~38 kB gz) downloads when the visitor starts on the form, not with the page: it
      // would compete with the page's own first load, and typing the email leaves it ample time.
      onFocus={preload}
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(signUpWith)(event);
      }}
      className="space-y-5"
      aria-labelledby="register-heading"
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
      <FormField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        {...field('phone')}
        hint="10 to 15 digits, for example (555) 123-4567 or +1 555 123 4567."
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{' '}
        <Link to={withRedirect(paths.auth.login.getHref(), redirect)} className="font-semibold underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </form>
  );
}

/** The code Cognito emailed to confirm the new account (this step's own rule: it may not be blank). */
const verificationSchema = z.object({ code: z.string().check(z.refine((v) => v.trim() !== '', 'Verification code is required')) });

function ConfirmSignUp({
  email,
  password,
  destination,
  onSuccess,
}: {
  email: string;
  password: string;
  destination: string | null;
  onSuccess: () => void;
}) {
  const { confirmSignUp } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm<{ code: string }>({ resolver: schemaResolver(verificationSchema), defaultValues: { code: '' } });
  const [submitting, setSubmitting] = useState(false);

  const verify = async ({ code }: { code: string }) => {
    setSubmitting(true);
    try {
      await confirmSignUp({ email, password, code });
      onSuccess();
    } catch (err) {
      setError('code', { message: signUpErrorMessage(err) });
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(verify)(event)} className="space-y-5">
      <Alert tone="success" title="Check your email">
        We sent a verification code to {destination ?? email}. Enter it below to finish creating your account.
      </Alert>
      <FormField
        label="Verification Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...register('code')}
        error={errors.code?.message}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify and Sign In'}
      </Button>
    </form>
  );
}
