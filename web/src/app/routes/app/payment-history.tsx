import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentHistory } from '@/features/payments/api/get-payment-history';
import { PaymentHistoryTable } from '@/features/payments/components/payment-history-table';
import { paymentPageMessages as msg } from '@/features/payments/messages';

// Signed-out visitors never get here: the protected route sends them to /login.
export default function PaymentHistoryRoute() {
  const history = usePaymentHistory();

  return (
    <>
      <PageTitle title="Payment History" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Payment History</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">View your past payments and download receipts.</p>
        </div>
        {history.isPending ? (
          <p role="status" className="flex items-center gap-2 py-8 text-slate-700 dark:text-slate-300">
            <Spinner className="size-5" /> Loading payment history...
          </p>
        ) : history.isError ? (
          <Alert tone="error">{msg.historyFailed}</Alert>
        ) : history.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">No payment history found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">Once you make payments, they will appear here.</p>
          </div>
        ) : (
          <PaymentHistoryTable payments={history.data} />
        )}
      </div>
    </>
  );
}
