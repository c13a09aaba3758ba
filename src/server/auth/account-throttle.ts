import { createHash } from 'node:crypto';
import {
  admitAccountMail,
  admitSignIn,
  type Admission,
  type AttemptCounter,
} from '#domain/auth-throttle.js';
import type { ThrottleRepository } from './throttle-repository.js';

export type AccountMailKind = 'reset' | 'confirmation';

/** Concurrent attempts on one account race for its counter; a loser reads it again. */
const MAX_RACES = 8;

function keyOf(purpose: string, email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `${purpose}:${digest}`;
}

/**
 * Per-account limits (src/domain/auth-throttle.ts). Each admission is a compare-and-set on the
 * account's counter, so parallel requests from many addresses cannot all pass the same check.
 */
export function createAccountThrottle(repository: ThrottleRepository, now: () => number) {
  async function admit(
    key: string,
    rule: (counter: AttemptCounter | undefined, at: number) => Admission,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
    for (let race = 0; race < MAX_RACES; race++) {
      const counter = await repository.find(key);
      const admission = rule(counter, now());
      if (!admission.allowed) return admission;
      if (await repository.replace(key, counter, admission.next)) return { allowed: true };
    }
    return { allowed: false, retryAfterMs: 1_000 };
  }

  return {
    /** Counts a sign-in attempt on `email` before its password is checked, or refuses it. */
    admitSignIn: (email: string) => admit(keyOf('sign-in', email), admitSignIn),
    /** A correct password clears the account's failures. */
    signInSucceeded: (email: string) => repository.remove(keyOf('sign-in', email)),
    /** Whether another account mail of this kind may go to `email` now. */
    async admitMail(kind: AccountMailKind, email: string): Promise<boolean> {
      return (await admit(keyOf(`mail-${kind}`, email), admitAccountMail)).allowed;
    },
  };
}
export type AccountThrottle = ReturnType<typeof createAccountThrottle>;
