import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentsConfig } from '../api/get-payments-config';
import { paymentPageMessages as msg } from '../messages';
import type { CardFormProps } from '../types';

// Both card forms are separate chunks, fetched only when a payment page shows one: Stripe's
// code in 'stripe' mode, the test card form in 'dev' mode.
const StripeCardForm = lazy(() => import('./stripe-card-form'));
const DevCardForm = lazy(() => import('./dev-card-form'));

function Loading() {
  return (
    <div role="status" className="flex items-center gap-2 py-4 text-sm text-slate-600 dark:text-slate-400">
      <Spinner className="size-4" /> Loading card form…
    </div>
  );
}

/** The card entry of the payment pages: Stripe Elements, or the dev test form on the local stack. */
export function CardPayment(props: Omit<CardFormProps, 'publishableKey'>) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) return <Alert tone="error">{msg.initFailed}</Alert>;
  const { paymentsMode, stripePublishableKey } = config.data;
  return (
    <Suspense fallback={<Loading />}>
      {paymentsMode === 'dev' ? (
        <DevCardForm {...props} publishableKey={null} />
      ) : (
        <StripeCardForm {...props} publishableKey={stripePublishableKey} />
      )}
    </Suspense>
  );
}
