import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  authErrorMessage,
  emailSchema,
  isValidEmail,
  meetsPasswordRequirements,
  PASSWORD_REQUIREMENTS,
  resetPasswordSchema,
  resetRequestSchema,
  signInSchema,
  signUpSchema,
} from './auth-rules';

/** The messages of a failed parse, per field path ('' for the root). */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error!.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('email rules', () => {
  it.each(['a@b.co', 'first.last@shop.example.com', 'x+tag@domain.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(emailSchema.safeParse(email).success).toBe(true);
  });

  it.each([
    ['no at sign', 'user.example.com'],
    ['two at signs', 'a@@b.co'],
    ['two separate at signs', 'a@b@c.co'],
    ['no dot after the at', 'user@localhost'],
    ['space inside', 'us er@example.com'],
    ['nothing before the at', '@example.com'],
    ['dot with nothing after', 'user@example.'],
  ])('rejects %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(issues(emailSchema.safeParse(email))).toEqual({ '': [AUTH_MESSAGES.invalidEmail] });
  });

  it('trims surrounding whitespace before validating', () => {
    expect(emailSchema.parse('  a@b.co \n')).toBe('a@b.co');
  });

  it('says the email is required when empty (first message)', () => {
    expect(issues(emailSchema.safeParse(''))['']?.[0]).toBe('Email is required');
    expect(issues(emailSchema.safeParse('   '))['']?.[0]).toBe('Email is required');
  });
});

describe('sign-in schema', () => {
  it('requires email and password', () => {
    const result = issues(signInSchema.safeParse({ email: '', password: '' }));
    expect(result.email?.[0]).toBe('Email is required');
    expect(result.password).toEqual(['Password is required']);
  });

  it('does not apply the sign-up complexity rules to the sign-in password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it('rejects a malformed email', () => {
    expect(issues(signInSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual({
      email: ['Please enter a valid email address'],
    });
  });
});

describe('password requirements', () => {
  it('lists length, uppercase, lowercase and number', () => {
    expect(PASSWORD_REQUIREMENTS.map((r) => r.id)).toEqual(['length', 'upper', 'lower', 'number']);
  });

  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false], // 7 characters
    ['abcdefg1', false], // no uppercase
    ['ABCDEFG1', false], // no lowercase
    ['Abcdefgh', false], // no number
  ])('%s meets all requirements: %s', (password, expected) => {
    expect(meetsPasswordRequirements(password)).toBe(expected);
  });

  it('evaluates each rule on its own', () => {
    const met = (p: string) => PASSWORD_REQUIREMENTS.filter((r) => r.test(p)).map((r) => r.id);
    expect(met('')).toEqual([]);
    expect(met('a')).toEqual(['lower']);
    expect(met('A1')).toEqual(['upper', 'number']);
    expect(met('abcdefgh')).toEqual(['length', 'lower']);
  });
});

describe('sign-up schema', () => {
  const valid = { email: 'seller@shop.com', password: 'Secret123', confirmPassword: 'Secret123' };

  it('accepts a valid sign-up and trims the email', () => {
    expect(signUpSchema.parse({ ...valid, email: ' seller@shop.com ' }).email).toBe(
      'seller@shop.com',
    );
  });

  it.each(['secret123', 'SECRET123', 'SecretPass', 'Sec123'])(
    'rejects the weak password %s with "Password must meet all requirements"',
    (password) => {
      const result = issues(
        signUpSchema.safeParse({ ...valid, password, confirmPassword: password }),
      );
      expect(result).toEqual({ password: ['Password must meet all requirements'] });
    },
  );

  it('rejects a mismatched confirmation on the confirmPassword field', () => {
    const result = issues(signUpSchema.safeParse({ ...valid, confirmPassword: 'Secret124' }));
    expect(result).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('rejects an invalid email', () => {
    expect(issues(signUpSchema.safeParse({ ...valid, email: 'seller@shop' }))).toEqual({
      email: ['Please enter a valid email address'],
    });
  });
});

describe('password reset request schema', () => {
  it('trims the email', () => {
    expect(resetRequestSchema.parse({ email: '  me@shop.com ' })).toEqual({ email: 'me@shop.com' });
  });

  it.each(['', '    '])('asks for the address when empty after trimming (%j)', (email) => {
    expect(issues(resetRequestSchema.safeParse({ email })).email?.[0]).toBe(
      'Please enter your email address',
    );
  });

  it('rejects a malformed address', () => {
    expect(issues(resetRequestSchema.safeParse({ email: 'me at shop' }))).toEqual({
      email: ['Please enter a valid email address'],
    });
  });
});

describe('reset password schema', () => {
  it('accepts a strong matching password', () => {
    expect(
      resetPasswordSchema.safeParse({ password: 'NewPass1', confirmPassword: 'NewPass1' }),
    ).toMatchObject({ success: true });
  });

  it('says a short password is too short (first message)', () => {
    const result = issues(
      resetPasswordSchema.safeParse({ password: 'Ab1', confirmPassword: 'Ab1' }),
    );
    expect(result.password?.[0]).toBe('Password must be at least 8 characters');
  });

  it('says a long but weak password does not meet requirements', () => {
    const result = issues(
      resetPasswordSchema.safeParse({ password: 'abcdefgh1', confirmPassword: 'abcdefgh1' }),
    );
    expect(result).toEqual({ password: ['Password does not meet requirements'] });
  });

  it('rejects a mismatched confirmation', () => {
    const result = issues(
      resetPasswordSchema.safeParse({ password: 'NewPass1', confirmPassword: 'NewPass2' }),
    );
    expect(result).toEqual({ confirmPassword: ['Passwords do not match'] });
  });
});

describe('authErrorMessage', () => {
  it.each([
    ['HTTP 429', { status: 429 }, 'Too many sign in attempts. Please try again later'],
    ['TOO_MANY_REQUESTS code', { code: 'TOO_MANY_REQUESTS' }, AUTH_MESSAGES.tooManyAttempts],
    ['"Too many requests" text', { message: 'Too many requests' }, AUTH_MESSAGES.tooManyAttempts],
    [
      'INVALID_EMAIL_OR_PASSWORD code',
      { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' },
      'Invalid email or password',
    ],
    ['invalid_credentials code', { code: 'invalid_credentials' }, 'Invalid email or password'],
    [
      '"Invalid login credentials" text',
      { status: 400, message: 'Invalid login credentials' },
      'Invalid email or password',
    ],
    [
      'EMAIL_NOT_VERIFIED code',
      { status: 403, code: 'EMAIL_NOT_VERIFIED' },
      AUTH_MESSAGES.emailNotConfirmed,
    ],
    ['"User not found" text', { message: 'User not found' }, 'No account found with this email'],
    ['USER_NOT_FOUND code', { code: 'USER_NOT_FOUND' }, 'No account found with this email'],
    [
      'ACCOUNT_LOCKED code',
      { code: 'ACCOUNT_LOCKED' },
      'Your account has been temporarily locked for security reasons',
    ],
    [
      '"Email already registered" text',
      { status: 400, message: 'Email already registered' },
      'An account with this email already exists',
    ],
    ['USER_ALREADY_EXISTS code', { code: 'USER_ALREADY_EXISTS' }, AUTH_MESSAGES.emailInUse],
    [
      'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL code',
      { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' },
      AUTH_MESSAGES.emailInUse,
    ],
    ['INVALID_EMAIL code', { code: 'INVALID_EMAIL' }, 'Please enter a valid email address'],
    ['PASSWORD_TOO_SHORT code', { code: 'PASSWORD_TOO_SHORT' }, AUTH_MESSAGES.passwordTooShort],
    ['INVALID_TOKEN code', { status: 400, code: 'INVALID_TOKEN' }, AUTH_MESSAGES.resetLinkInvalid],
    [
      '"Failed to fetch" text',
      { message: 'Failed to fetch' },
      'Unable to connect. Please check your internet connection',
    ],
    ['"Network" text', { message: 'Network request failed' }, AUTH_MESSAGES.network],
    ['NETWORK code', { status: 0, code: 'NETWORK' }, AUTH_MESSAGES.network],
    ['HTTP 500', { status: 500, message: 'boom' }, 'Server error occurred. Please try again'],
    ['HTTP 503', { status: 503 }, AUTH_MESSAGES.server],
  ])('maps %s', (_label, failure, expected) => {
    expect(authErrorMessage(failure)).toBe(expected);
  });

  it('shows the server message of an unrecognised 400', () => {
    expect(
      authErrorMessage({
        status: 400,
        code: 'WEAK_PASSWORD',
        message: 'Password must meet all requirements',
      }),
    ).toBe('Password must meet all requirements');
  });

  it('falls back to the generic message', () => {
    expect(authErrorMessage({})).toBe('An error occurred. Please try again');
    expect(authErrorMessage({ status: 418, message: 'teapot' })).toBe(AUTH_MESSAGES.generic);
  });

  it('uses a caller-provided fallback', () => {
    expect(authErrorMessage({ status: 403, message: 'Forbidden' }, 'Authentication failed')).toBe(
      'Authentication failed',
    );
  });

  it('gives rate limiting precedence over other codes', () => {
    expect(authErrorMessage({ status: 429, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(
      AUTH_MESSAGES.tooManyAttempts,
    );
  });
});
