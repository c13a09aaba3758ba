import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { GenericError } from '../components/generic-error';

/** Catches render and loader errors anywhere in the route tree. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="min-h-screen bg-slate-50">
      <GenericError />
    </main>
  );
}
