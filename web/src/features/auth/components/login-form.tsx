import { useState } from 'react';
import { normalizeEmail } from '@gs/shared/validation';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { withRedirect } from '../redirect';
import { useAuth } from '@/lib/auth/auth-provider';
import { schemaResolver, useSchemaForm } from '@/lib/form';
import { loginSchema, signInErrorMessage, type LoginValues } from '../validation';
import { passwordMessages } from '@/lib/auth/password-messages';
import { SignInStepForm, type PendingStep } from './sign-in-step';

/** `redirect`: the page opened once signed in (kept on the links to registration and the password reset). */
export function LoginForm({ onSuccess, redirect = null }: { onSuccess: () => void; redirect?: string | null }) {
  const { signIn, confirmSignInStep, preload } = useAuth();
  const [step, setStep] = useState<PendingStep | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors },
  } = useSchemaForm<LoginValues>({ resolver: schemaResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  // Set once the email and password pass their checks, for as long as the sign-in runs.
  const [submitting, setSubmitting] = useState(false);

  // Typing in a field takes its message away.
  const field = (name: keyof LoginValues) => ({ ...register(name, { onChange: () => clearErrors(name) }), error: errors[name]?.message });

  const signInWith = async ({ email, password }: LoginValues) => {
    setSubmitting(true);
    try {
      const result = await signIn({ email: normalizeEmail(email), password });
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
          setValue('password', '');
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
      onSubmit={(event) => {
        setFormError(null);
        void handleSubmit(signInWith)(event);
      }}
      className="space-y-5"
      aria-labelledby="login-heading"
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <FormField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        {...field('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <p className="-mt-3 text-right text-sm">
        <Link to={withRedirect(paths.auth.forgotPassword.getHref(), redirect)} className="font-semibold underline underline-offset-2">
          {passwordMessages.forgotLink}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? <Spinner className="size-4 text-current" /> : null}
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Don&apos;t have an account?{' '}
        <Link to={withRedirect(paths.auth.register.getHref(), redirect)} className="font-semibold underline underline-offset-2">
          Create Account
        </Link>
      </p>
    </form>
  );
}
