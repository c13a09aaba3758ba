import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

export const DEFAULT_AFTER_SIGN_IN = '/create';

/** Only same-site paths are accepted as a return location (no open redirect). */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return value;
}

/** Protected routes: a signed-out visitor goes to sign-in, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageSpinner />;
  if (!session.data) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/auth/signin?redirectTo=${encodeURIComponent(target)}`} replace />;
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
