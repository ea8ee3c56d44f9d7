import { useState, type ChangeEvent, type FormEvent } from 'react';
import { normalizeEmail } from '@gs/shared/validation';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import {
  PASSWORD_MIN_LENGTH,
  normalizePhone,
  signUpErrorMessage,
  validateRegistration,
  type FieldErrors,
  type RegistrationValues,
} from '../validation';

const EMPTY: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

type Step = { kind: 'form' } | { kind: 'confirm'; email: string; password: string; destination: string | null };

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { signUp, preload } = useAuth();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof RegistrationValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });

  if (step.kind === 'confirm') {
    return <ConfirmSignUp email={step.email} password={step.password} destination={step.destination} onSuccess={onSuccess} />;
  }

  const update = (field: keyof RegistrationValues) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validateRegistration(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

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
      onSubmit={onSubmit}
      className="space-y-5"
      aria-labelledby="register-heading"
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" name="firstName" autoComplete="given-name" value={values.firstName} onChange={update('firstName')} error={errors.firstName} />
        <FormField label="Last Name" name="lastName" autoComplete="family-name" value={values.lastName} onChange={update('lastName')} error={errors.lastName} />
      </div>
      <FormField label="Email" name="email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={update('email')} error={errors.email} />
      <FormField
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={update('phone')}
        error={errors.phone}
        hint="10 to 15 digits, for example (555) 123-4567 or +1 555 123 4567."
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={update('confirmPassword')} error={errors.confirmPassword} />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{' '}
        <Link to={paths.auth.login.getHref()} className="font-semibold underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </form>
  );
}

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Verification code is required');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await confirmSignUp({ email, password, code });
      onSuccess();
    } catch (err) {
      setError(signUpErrorMessage(err));
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Alert tone="success" title="Check your email">
        We sent a verification code to {destination ?? email}. Enter it below to finish creating your account.
      </Alert>
      <FormField
        label="Verification Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify and Sign In'}
      </Button>
    </form>
  );
}
