import { z } from 'zod';

import { AUTH_MESSAGES } from './auth-messages';

export { AUTH_MESSAGES };

export const MIN_PASSWORD_LENGTH = 8;

/** Shown as a checklist while the password field has focus. */
export const PASSWORD_REQUIREMENTS = [
  {
    id: 'length',
    label: 'At least 8 characters',
    test: (p: string) => p.length >= MIN_PASSWORD_LENGTH,
  },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /[0-9]/.test(p) },
] as const;

export function meetsPasswordRequirements(password: string): boolean {
  return PASSWORD_REQUIREMENTS.every((rule) => rule.test(password));
}

/** Spec: text with one @ and a dot, no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .refine(isValidEmail, AUTH_MESSAGES.invalidEmail);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired),
});

export const signUpPasswordSchema = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(128)
  .refine(meetsPasswordRequirements, AUTH_MESSAGES.weakPassword);

export const signUpSchema = z
  .object({ email: emailSchema, password: signUpPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const resetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.resetEmailRequired)
    .refine(isValidEmail, AUTH_MESSAGES.invalidEmail),
});

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(128)
  .refine(meetsPasswordRequirements, AUTH_MESSAGES.resetPasswordWeak);

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

/** The request never reached the server (offline, DNS, refused): status 0 or fetch's wording. */
export function isNetworkFailure(failure: AuthFailure): boolean {
  return (
    failure.code === 'NETWORK' ||
    failure.status === 0 ||
    /failed to fetch|network/i.test(failure.message ?? '')
  );
}

/**
 * Maps a failed auth call to the spec's catalogue: the server's code first, then known phrases in
 * its text (section 8, "Mapping of auth failures").
 */
export function authErrorMessage(
  failure: AuthFailure,
  fallback: string = AUTH_MESSAGES.generic,
): string {
  const code = failure.code?.toUpperCase() ?? '';
  const text = failure.message ?? '';
  if (failure.status === 429 || code === 'TOO_MANY_REQUESTS' || /too many requests/i.test(text)) {
    return AUTH_MESSAGES.tooManyAttempts;
  }
  if (
    code === 'INVALID_EMAIL_OR_PASSWORD' ||
    code === 'INVALID_CREDENTIALS' ||
    /invalid login credentials/i.test(text)
  ) {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (code === 'EMAIL_NOT_VERIFIED') return AUTH_MESSAGES.emailNotConfirmed;
  if (code === 'USER_NOT_FOUND' || /user not found/i.test(text))
    return AUTH_MESSAGES.accountNotFound;
  if (code === 'ACCOUNT_LOCKED') return AUTH_MESSAGES.accountLocked;
  if (
    code === 'USER_ALREADY_EXISTS' ||
    code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' ||
    /email already registered|already exists/i.test(text)
  ) {
    return AUTH_MESSAGES.emailInUse;
  }
  if (code === 'INVALID_EMAIL') return AUTH_MESSAGES.invalidEmail;
  if (code === 'PASSWORD_TOO_SHORT') return AUTH_MESSAGES.passwordTooShort;
  if (code === 'INVALID_TOKEN') return AUTH_MESSAGES.resetLinkInvalid;
  if (isNetworkFailure(failure)) return AUTH_MESSAGES.network;
  if (failure.status !== undefined && failure.status >= 500) return AUTH_MESSAGES.server;
  return text && failure.status === 400 ? text : fallback;
}
