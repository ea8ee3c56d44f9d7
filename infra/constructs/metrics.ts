/** The stage's own CloudWatch namespace: every metric the log filters write goes there. */
export const metricNamespace = (stage: string) => `Gunsmith/${stage}`

/** Payments staff must look at (a credit above the bill, a payment on a deleted order, one the provider did not confirm, a reconciliation difference): log lines with alert=payment_review. */
export const PAYMENTS_REVIEW_METRIC = 'PaymentsNeedReview'

/**
 * The `alert` value those log lines carry (PAYMENT_REVIEW_ALERT in functions/use-cases/handle-stripe-event.ts; the
 * observability test holds the two equal). Kept here so the CDK app does not load the use case to read one string.
 */
export const PAYMENT_REVIEW_ALERT_VALUE = 'payment_review'
