/**
 * Where a seller goes after signing in: back where they were sent away from (the `redirectTo`
 * parameter of /auth/signin, spec §2), or to /create.
 */
const DEFAULT_AFTER_SIGN_IN = '/create';

/** Only same-site paths are accepted as a return location (no open redirect). */
export function safeReturnPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return value;
}

/** The sign-in screen, remembering `target` (a path with its search and hash) to come back to. */
export function signInPath(target: string): string {
  return `/auth/signin?redirectTo=${encodeURIComponent(target)}`;
}
