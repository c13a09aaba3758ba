import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAIL_LIMIT,
  admitAccountMail,
  admitSignIn,
  SIGN_IN_THROTTLE,
  signInDelayMs,
  type AttemptCounter,
} from './auth-throttle';

describe('signInDelayMs', () => {
  it('lets the first failures through at once, then doubles the wait up to the cap', () => {
    expect([0, 1, 4].map(signInDelayMs)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map(signInDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(signInDelayMs(50)).toBe(SIGN_IN_THROTTLE.maxDelayMs);
  });
});

describe('admitSignIn', () => {
  const counter = (count: number, lastAt: number): AttemptCounter => ({
    count,
    firstAt: 0,
    lastAt,
  });

  it('counts a first attempt', () => {
    expect(admitSignIn(undefined, 100)).toEqual({
      allowed: true,
      next: { count: 1, firstAt: 100, lastAt: 100 },
    });
  });

  it('refuses an attempt inside the delay and says how long to wait', () => {
    expect(admitSignIn(counter(6, 10_000), 10_500)).toEqual({
      allowed: false,
      retryAfterMs: 1_500,
    });
    expect(admitSignIn(counter(6, 10_000), 12_000)).toMatchObject({
      allowed: true,
      next: { count: 7 },
    });
  });

  it('never locks an account out: at worst one attempt per maximum delay', () => {
    const now = 1_000_000;
    expect(admitSignIn(counter(1_000, now - SIGN_IN_THROTTLE.maxDelayMs), now).allowed).toBe(true);
  });

  it('forgets failures after a quiet period', () => {
    const now = 5_000_000;
    expect(admitSignIn(counter(30, now - SIGN_IN_THROTTLE.forgetAfterMs), now)).toMatchObject({
      allowed: true,
      next: { count: 1 },
    });
  });
});

describe('admitAccountMail', () => {
  it('sends up to the window limit, then none until the window ends', () => {
    let state: AttemptCounter | undefined;
    for (let i = 0; i < ACCOUNT_MAIL_LIMIT.perWindow; i++) {
      const admission = admitAccountMail(state, 1_000 + i);
      expect(admission.allowed).toBe(true);
      if (admission.allowed) state = admission.next;
    }
    expect(admitAccountMail(state, 2_000).allowed).toBe(false);
    expect(admitAccountMail(state, 1_000 + ACCOUNT_MAIL_LIMIT.windowMs).allowed).toBe(true);
  });
});
