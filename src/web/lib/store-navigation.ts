/**
 * Leaving Listsmith for a store's own page (its consent or approval page) and back: the address
 * comes from the server, so only http(s) addresses or app-relative paths are followed.
 */
import { ApiError } from './api-client';

/** The browser leaving for another page (a seam for tests). */
export const storeNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

function followable(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Sends the browser to `url`; an address not followed, or a failed leave, fails with `message`. */
export function leaveFor(url: string, message: string): void {
  if (!followable(url)) throw new ApiError(0, message);
  try {
    storeNavigation.assign(url);
  } catch (error) {
    throw new ApiError(0, message, undefined, { cause: error });
  }
}
