import { useState, type ChangeEvent, type FormEvent } from 'react';
import { normalizeEmail } from '@gs/shared/validation';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { signInErrorMessage, validateLogin, type FieldErrors, type LoginValues } from '../validation';
import { passwordMessages } from '@/lib/auth/password-messages';
import { SignInStepForm, type PendingStep } from './sign-in-step';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { signIn, confirmSignInStep, preload } = useAuth();
  const [step, setStep] = useState<PendingStep | null>(null);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setSubmitting(true);
    try {
      const result = await signIn({ email: normalizeEmail(values.email), password: values.password });
      if (result.status === 'signedIn') return onSuccess();
      setStep(result);
      setSubmitting(false);
    } catch (error) {
      setFormError(signInErrorMessage(error));
      setSubmitting(false);
    }
  };

  if (step) {
    return (
      <SignInStepForm
        step={step}
        onAnswer={async (response) => {
          const result = await confirmSignInStep({ response });
          if (result.status === 'signedIn') onSuccess();
          else setStep(result);
        }}
        onRestart={(message) => {
          setStep(null);
          setValues((v) => ({ ...v, password: '' }));
          setFormError(message);
        }}
      />
    );
  }

  return (
    <form
      noValidate
      // The identity client (Amplify, ~38 kB gz) downloads when the visitor starts on the form, not with the page: it
      // would compete with the page's own first load, and typing the email leaves it ample time.
      onFocus={preload}
      onSubmit={onSubmit}
      className="space-y-5"
      aria-labelledby="login-heading"
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update('password')}
        error={errors.password}
      />
      <p className="-mt-3 text-right text-sm">
        <Link to={paths.auth.forgotPassword.getHref()} className="font-semibold underline underline-offset-2">
          {passwordMessages.forgotLink}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Don&apos;t have an account?{' '}
        <Link to={paths.auth.register.getHref()} className="font-semibold underline underline-offset-2">
          Create Account
        </Link>
      </p>
    </form>
  );
}
