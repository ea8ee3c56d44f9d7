import { useQuery } from '@tanstack/react-query';
import { getConfig } from '@/config/env';
import { paymentKeys } from '@/lib/query-keys';

/** paymentsMode ('dev' on the local stack) and the Stripe publishable key, from /config.json. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: async () => {
      const { paymentsMode, stripePublishableKey } = await getConfig();
      return { paymentsMode, stripePublishableKey };
    },
    staleTime: Infinity,
  });
}
