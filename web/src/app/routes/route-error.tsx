import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@/components/errors/error-screen';

/** The router's errorElement: loader, lazy-import and render errors end up here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen error={new Error(error.statusText || `Error ${error.status}`)} />;
  }
  return <ErrorScreen error={error} />;
}
