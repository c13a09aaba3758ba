/** Vitest setup file for every project (vitest.config.ts): see console-errors.ts. */
import { afterAll, afterEach } from 'vitest';
import { checkConsoleErrors, guardConsoleError } from './console-errors';

guardConsoleError();
afterEach(checkConsoleErrors);
// Registered first, so it runs after the test file's own afterAll hooks: catches what their
// clean-up logs (and what beforeAll logged in a file whose tests were all skipped).
afterAll(checkConsoleErrors);
