export const paymentKeys = {
  all: ['payments'] as const,
  history: () => [...paymentKeys.all, 'history'] as const,
  intent: (paymentIntentId: string) => [...paymentKeys.all, 'intent', paymentIntentId] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
};
