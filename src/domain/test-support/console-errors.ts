import { format } from 'node:util';

/**
 * Tests fail on a `console.error` they did not declare: an error printed and ignored is a bug
 * report nobody reads. The guard is installed for every vitest project by
 * `console-error-guard.setup.ts`; a test that provokes an error on purpose says so with
 * {@link expectConsoleError}. A test that replaces `console.error` itself (vi.spyOn with its own
 * implementation) handles what it receives and is left alone.
 */

interface Expectation {
  pattern: RegExp;
  seen: boolean;
}

interface GuardState {
  expected: Expectation[];
  unexpected: string[];
}

// On globalThis, not in module scope: the setup file and a test file must share one state even if
// the module were loaded twice.
const STATE = Symbol.for('listsmith.console-error-guard');
type GuardedGlobal = typeof globalThis & { [STATE]?: GuardState };

function guardState(): GuardState {
  const global = globalThis as GuardedGlobal;
  global[STATE] ??= { expected: [], unexpected: [] };
  return global[STATE];
}

/**
 * Declares that the running test logs at least one `console.error` matching `pattern`. Matching
 * calls are kept out of the test output; the test fails if none comes, so a declaration cannot
 * outlive the error it excuses.
 */
export function expectConsoleError(pattern: RegExp): void {
  guardState().expected.push({ pattern, seen: false });
}

/** Replaces `console.error` with one that records undeclared calls (and still prints them). */
export function guardConsoleError(): void {
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const state = guardState();
    const text = format(...args);
    const expectation = state.expected.find(({ pattern }) => pattern.test(text));
    if (expectation) {
      expectation.seen = true;
      return;
    }
    state.unexpected.push(text);
    print(...args);
  };
}

/** Throws if undeclared errors were logged since the last check or a declared one never came. */
export function checkConsoleErrors(): void {
  const state = guardState();
  const unexpected = state.unexpected.splice(0);
  const missing = state.expected.filter(({ seen }) => !seen).map(({ pattern }) => String(pattern));
  state.expected = [];
  const problems = [
    ...unexpected.map((text) => `unexpected console.error: ${text}`),
    ...missing.map((pattern) => `expected a console.error matching ${pattern}, none was logged`),
  ];
  if (problems.length > 0) {
    throw new Error(
      `${problems.join('\n')}\n(Declare an error the test provokes on purpose with expectConsoleError from #domain/test-support/console-errors.)`,
    );
  }
}
