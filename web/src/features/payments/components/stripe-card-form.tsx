import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTheme } from '@/lib/theme/theme-provider';
import { PaymentError, paymentPageMessages as msg, stripeConfirmMessage } from '../messages';
import type { CardFormProps } from '../types';
import { usePaymentRunner } from './use-payment-runner';

/** A script that has not loaded by then is treated as unavailable (never a blank form). */
const STRIPE_LOAD_TIMEOUT_MS = 20_000;

// One load per key for the whole session; this module itself is only fetched on the payment pages.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), STRIPE_LOAD_TIMEOUT_MS));
    promise = Promise.race([loadStripe(publishableKey).catch(() => null), timeout]);
    // A failed load is not remembered: the next visit tries again.
    void promise.then((stripe) => {
      if (!stripe) stripeByKey.delete(publishableKey);
    });
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

function useStripeLoad(publishableKey: string | null) {
  const [state, setState] = useState<{ promise: Promise<Stripe | null> | null; status: 'loading' | 'ready' | 'failed' }>(() =>
    publishableKey ? { promise: stripeFor(publishableKey), status: 'loading' } : { promise: null, status: 'failed' },
  );
  useEffect(() => {
    let live = true;
    state.promise?.then((stripe) => {
      if (live) setState((s) => ({ ...s, status: stripe ? 'ready' : 'failed' }));
    });
    return () => {
      live = false;
    };
  }, [state.promise]);
  return state;
}

/** Stripe's Payment Element in deferred-intent mode: the intent is created only when the customer pays. */
export default function StripeCardForm(props: CardFormProps) {
  const { promise, status } = useStripeLoad(props.publishableKey);
  const { resolvedTheme } = useTheme();

  if (status === 'failed' || !promise) {
    return <Alert tone="error">{msg.initFailed}</Alert>;
  }
  const options: StripeElementsOptions = {
    mode: 'payment',
    currency: 'usd',
    // Stripe needs a positive amount even before the customer has typed one.
    amount: Math.max(1, props.amountCents),
    appearance: { theme: resolvedTheme === 'dark' ? 'night' : 'stripe' },
  };
  return (
    <Elements stripe={promise} options={options}>
      {status === 'loading' ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" /> Loading secure card form…
        </div>
      ) : null}
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ submitLabel, disabled, request, returnPath, batch }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { error, setError, processing, succeeded, run } = usePaymentRunner(request);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) {
      setError(msg.stillLoading);
      return;
    }
    void run({
      prepare: async () => {
        if (!elements.getElement('payment')) throw new PaymentError(batch ? msg.cardElementMissing : msg.stillLoading);
        const { error: invalid } = await elements.submit();
        if (invalid) throw new PaymentError(stripeConfirmMessage(invalid));
      },
      confirm: async (intent) => {
        const result = await stripe.confirmPayment({
          elements,
          clientSecret: intent.clientSecret,
          confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
          redirect: 'if_required',
        });
        if (result.error) throw new PaymentError(stripeConfirmMessage(result.error));
        const status = result.paymentIntent?.status;
        if (status === 'succeeded' || status === 'processing') return { paymentIntentId: result.paymentIntent.id, status };
        throw new PaymentError(msg.notCompleted);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Card details" className="space-y-4">
      <PaymentElement options={{ layout: 'tabs' }} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" className="w-full" disabled={disabled || processing || succeeded || !stripe}>
        {processing ? 'Processing...' : succeeded ? 'Payment complete' : submitLabel}
      </Button>
    </form>
  );
}
