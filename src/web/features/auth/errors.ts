import {
  AUTH_MESSAGES,
  authErrorMessage,
  isNetworkFailure,
  type AuthFailure,
} from '#domain/auth-rules';
import { z } from 'zod';
import { LANDING_GENERATED_PATH } from '#web/components/marketing/link-origin';
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

const linkOriginSchema = z.object({ from: z.string() });

/**
 * Sign-up's close button: back one page when the visitor came from /landing-generated, told by the
 * router state that page's links carry (history state is the browser's: parse it, trust nothing).
 */
export function closeGoesBack(locationState: unknown): boolean {
  const parsed = linkOriginSchema.safeParse(locationState);
  return parsed.success && parsed.data.from === LANDING_GENERATED_PATH;
}
