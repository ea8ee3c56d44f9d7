import { highlightedStatusText } from '@gs/shared/statuses';

const highlight: Record<string, string> = {
  'Payment Needed': 'font-bold text-red-700 dark:text-red-300',
  'Work Complete': 'font-bold text-emerald-700 dark:text-emerald-300',
  'Order Closed': 'font-bold text-purple-700 dark:text-purple-300',
};

/**
 * Any text containing Payment Needed, Work Complete or Order Closed gets the special
 * styling; other text renders as is.
 */
export function StatusText({ text, className = '' }: { text: string | null | undefined; className?: string }) {
  const match = highlightedStatusText(text);
  if (!match) return <span className={className}>{text}</span>;
  return (
    <span data-highlight={match} className={`${highlight[match]} ${className}`}>
      {text}
    </span>
  );
}
