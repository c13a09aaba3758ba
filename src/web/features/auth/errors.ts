import {
  AUTH_MESSAGES,
  authErrorMessage,
  isNetworkFailure,
  type AuthFailure,
} from '#domain/auth-rules';
import { ApiError } from '#web/lib/api-client';

/** An ApiError (or anything thrown) as the shape `authErrorMessage` understands. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (error instanceof Error) return { message: error.message };
  return {};
}

/** Sign-up errors (spec §8 "Sign-up"): the red banner text, plus a message on the email field. */
export function signUpErrorState(error: unknown): { banner: string; emailField?: string } {
  const failure = toAuthFailure(error);
  if (isNetworkFailure(failure)) return { banner: AUTH_MESSAGES.signUpNetwork };
  const banner = authErrorMessage(failure, AUTH_MESSAGES.generic);
  const alreadyRegistered =
    /already registered|already exists/i.test(failure.message ?? '') ||
    (failure.code ?? '').toUpperCase().startsWith('USER_ALREADY_EXISTS');
  return alreadyRegistered
    ? { banner, emailField: AUTH_MESSAGES.alreadyRegisteredField }
    : { banner };
}

/** Sign-up's close button: back one page when the visitor came from /landing-generated. */
export function closeGoesBack(referrer: string): boolean {
  if (!referrer) return false;
  try {
    return new URL(referrer).pathname.replace(/\/+$/, '') === '/landing-generated';
  } catch {
    return false;
  }
}
