/**
 * The app's one answer to a 401. The server answers 401 only when the request carries no live
 * session: the seller signed out elsewhere, a password reset revoked every session, the session
 * expired, or the account was deleted. Whatever the screen, the seller goes to sign-in and comes
 * back to that screen afterwards.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './session';

/** A failed call answered 401 (ApiError, or the upload's own error, both carry the status). */
export function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}

/**
 * Called with every failed query and mutation (query-client.ts), and by the two calls that do not
 * go through those caches (autosave and upload). While the cache holds a signed-in seller, a 401
 * means their session ended: the cache forgets the session, and the guard around the signed-in
 * screens sends the seller to sign-in with the screen to come back to (RequireAuth in
 * app/guards.tsx). What was read under the old session is dropped when someone signs in again
 * (features/auth/use-auth-actions.ts), not here: the screen still mounted would read it again at
 * once. A 401 while nobody is signed in is the answer to the call itself (a wrong password on
 * sign-in) and changes nothing.
 */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (!isUnauthorized(error) || !queryClient.getQueryData(sessionQueryKey)) return;
  queryClient.setQueryData(sessionQueryKey, null);
}
