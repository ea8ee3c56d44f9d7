import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { confirmDevPayment } from '../api/confirm-dev-payment';
import { paymentPageMessages as msg } from '../messages';
import type { CardFormProps } from '../types';
import { usePaymentRunner } from './use-payment-runner';

/**
 * The local stack's card form (paymentsMode 'dev'): no provider script, the card number goes to
 * the dev confirm route, which answers as Stripe would (4242… succeeds, 4000…0002 is declined).
 */
export default function DevCardForm({ submitLabel, disabled, request }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { error, processing, succeeded, run } = usePaymentRunner(request);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run({
      confirm: async (intent) => {
        const result = await confirmDevPayment({ paymentIntentId: intent.paymentIntentId, cardNumber });
        return { paymentIntentId: result.paymentIntentId, status: 'succeeded' };
      },
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Card details" className="space-y-4" noValidate>
      <Alert tone="warning" title="Test card form">
        <p>{msg.devCardNotice}</p>
      </Alert>
      <FormField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={cardNumber}
        onChange={(e) => setCardNumber(e.target.value)}
        required
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <FormField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={cvc}
          onChange={(e) => setCvc(e.target.value)}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" className="w-full" disabled={disabled || processing || succeeded || !cardNumber.trim()}>
        {processing ? 'Processing...' : succeeded ? 'Payment complete' : submitLabel}
      </Button>
    </form>
  );
}
