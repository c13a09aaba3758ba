import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { closeGoesBack, signUpErrorState, toAuthFailure } from './errors';

describe('toAuthFailure', () => {
  it('keeps status, code and message of an ApiError', () => {
    expect(toAuthFailure(new ApiError(401, 'Invalid email or password', 'X'))).toEqual({
      status: 401,
      code: 'X',
      message: 'Invalid email or password',
    });
  });
  it('keeps the message of other errors', () => {
    expect(toAuthFailure(new TypeError('Failed to fetch'))).toEqual({ message: 'Failed to fetch' });
    expect(toAuthFailure('weird')).toEqual({});
  });
});

describe('signUpErrorState', () => {
  it('uses the sign-up network message', () => {
    expect(signUpErrorState(new ApiError(0, 'Failed to fetch', 'NETWORK'))).toEqual({
      banner: 'Network error occurred. Please try again',
    });
  });
  it('flags the email field when the error says already registered', () => {
    expect(signUpErrorState(new ApiError(400, 'Email already registered'))).toEqual({
      banner: 'An account with this email already exists',
      emailField: 'This email is already registered',
    });
    expect(
      signUpErrorState(new ApiError(422, 'User already exists', 'USER_ALREADY_EXISTS')).emailField,
    ).toBe('This email is already registered');
  });
  it('shows a weak-password 400 as sent and defaults otherwise', () => {
    expect(
      signUpErrorState(new ApiError(400, 'Password must meet all requirements', 'WEAK_PASSWORD')),
    ).toEqual({ banner: 'Password must meet all requirements' });
    expect(signUpErrorState(new ApiError(403, 'Forbidden'))).toEqual({
      banner: 'An error occurred. Please try again',
    });
  });
});

describe('closeGoesBack', () => {
  it.each([
    [{ from: '/landing-generated' }, true],
    [{ from: '/' }, false],
    [{ from: '/landing-generated-old' }, false],
    [{ from: 42 }, false],
    ['/landing-generated', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (state, expected) => {
    expect(closeGoesBack(state)).toBe(expected);
  });
});
