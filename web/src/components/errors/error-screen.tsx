import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return UNEXPECTED_ERROR;
}

/** The top-level error screen. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950"
    >
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-100">Something went wrong</h1>
      <p className="max-w-lg text-slate-700 dark:text-slate-300">{errorMessage(error)}</p>
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </main>
  );
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors outside the router (providers); the router has its own errorElement. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
