import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { safeReturnPath, signInPath } from '../lib/return-path';
import { useSession } from '../lib/session';

/** Protected routes: a signed-out visitor goes to sign-in, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner />;
  if (!session.data) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInPath(target)} replace />;
  }
  return <>{children}</>;
}

/** Auth screens: a signed-in user skips them. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isPending) return <PageSpinner />;
  if (session.data) return <Navigate to={safeReturnPath(params.get('redirectTo'))} replace />;
  return <>{children}</>;
}
