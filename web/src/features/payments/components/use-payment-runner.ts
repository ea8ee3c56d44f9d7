import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreatedIntent } from '@gs/shared/api-types';
import { ApiError } from '@/lib/api-client';
import { PaymentError, paymentPageMessages as msg } from '../messages';
import type { PaymentOutcome, PaymentRequest } from '../types';

/** What the customer reads for an API failure: the server's own 4xx message, else a generic one. */
function apiMessage(error: ApiError, fallback: string): string {
  if (error.status === 402) return error.message.startsWith('Payment failed:') ? error.message : msg.paymentFailed(error.message);
  if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) return error.message;
  return fallback;
}

/**
 * One card payment, whatever confirms it (Stripe.js or the dev card form): validate, optional
 * provider step before the intent exists (Stripe's elements.submit), create the intent, confirm.
 * Errors become the spec's messages; a declined card can simply be tried again.
 */
export function usePaymentRunner({ validate, onInvalid, createIntent, onSucceeded, resetKey }: PaymentRequest) {
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  // Once a payment went through, this form pays nothing more (a second click must not charge twice).
  const [succeeded, setSucceeded] = useState(false);
  const running = useRef(false);
  const done = useRef(false);

  useEffect(() => setError(null), [resetKey]);

  const run = useCallback(
    async ({ prepare, confirm }: { prepare?: () => Promise<void>; confirm: (intent: CreatedIntent) => Promise<PaymentOutcome> }) => {
      if (running.current || done.current) return;
      const invalid = validate?.() ?? null;
      if (invalid) {
        if (onInvalid) {
          setError(null);
          onInvalid(invalid);
        } else setError(invalid);
        return;
      }
      running.current = true;
      setProcessing(true);
      setError(null);
      let stage: 'prepare' | 'intent' | 'confirm' = 'prepare';
      try {
        await prepare?.();
        stage = 'intent';
        const intent = await createIntent();
        if (!intent?.clientSecret) throw new PaymentError(msg.noClientSecret);
        stage = 'confirm';
        const outcome = await confirm(intent);
        done.current = true;
        setSucceeded(true);
        onSucceeded(outcome);
      } catch (err) {
        if (err instanceof PaymentError) setError(err.message);
        else if (err instanceof ApiError) setError(apiMessage(err, stage === 'intent' ? msg.initFailed : msg.unexpected));
        else setError(msg.unexpected);
      } finally {
        running.current = false;
        setProcessing(false);
      }
    },
    [validate, onInvalid, createIntent, onSucceeded],
  );

  return { error, setError, processing, succeeded, run };
}
