import { Alert } from './alert';

/** What a form says after it was sent: saved (announced politely) or not (an alert). */
export type FormResultValue = { tone: 'success' | 'error'; text: string } | null;

export function FormResult({ result }: { result: FormResultValue }) {
  if (!result) return null;
  return (
    <Alert tone={result.tone} className="py-2">
      <span role={result.tone === 'success' ? 'status' : undefined}>{result.text}</span>
    </Alert>
  );
}
