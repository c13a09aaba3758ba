/**
 * Per-account limits on sign-in attempts and account mails (issue 18), on top of the per-address
 * limits better-auth applies. Pure rules; the server keeps the counters.
 *
 * Sign-in: every attempt on an account counts as a failure until it succeeds. The first
 * `freeFailures` come at once; after that each attempt must wait a delay that doubles per failure
 * up to `maxDelayMs`. The delay never grows into a lock-out: a seller whose account someone is
 * guessing at still gets an attempt each `maxDelayMs`, and counters are forgotten after
 * `forgetAfterMs` without an attempt.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
} as const;

/** Account mails (password reset, confirmation) sent to one address per window. */
export const ACCOUNT_MAIL_LIMIT = { perWindow: 5, windowMs: 60 * 60_000 } as const;

export interface AttemptCounter {
  /** Attempts counted so far in this window. */
  count: number;
  /** When the window began and when the last attempt came (ms since the epoch). */
  firstAt: number;
  lastAt: number;
}

/** How long after the `failures`-th failed attempt the next attempt may come. */
export function signInDelayMs(failures: number): number {
  const { freeFailures, baseDelayMs, maxDelayMs } = SIGN_IN_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(baseDelayMs * 2 ** (failures - freeFailures), maxDelayMs);
}

export type Admission =
  { allowed: true; next: AttemptCounter } | { allowed: false; retryAfterMs: number };

/** Whether a sign-in attempt may check the password now, and the counter once it is counted. */
export function admitSignIn(counter: AttemptCounter | undefined, now: number): Admission {
  const live =
    counter && now - counter.lastAt < SIGN_IN_THROTTLE.forgetAfterMs ? counter : undefined;
  if (!live) return { allowed: true, next: { count: 1, firstAt: now, lastAt: now } };
  const wait = live.lastAt + signInDelayMs(live.count) - now;
  if (wait > 0) return { allowed: false, retryAfterMs: wait };
  return { allowed: true, next: { count: live.count + 1, firstAt: live.firstAt, lastAt: now } };
}

/** Whether one more account mail may go to an address now. */
export function admitAccountMail(counter: AttemptCounter | undefined, now: number): Admission {
  const { perWindow, windowMs } = ACCOUNT_MAIL_LIMIT;
  const live = counter && now - counter.firstAt < windowMs ? counter : undefined;
  if (!live) return { allowed: true, next: { count: 1, firstAt: now, lastAt: now } };
  if (live.count >= perWindow)
    return { allowed: false, retryAfterMs: live.firstAt + windowMs - now };
  return { allowed: true, next: { count: live.count + 1, firstAt: live.firstAt, lastAt: now } };
}
