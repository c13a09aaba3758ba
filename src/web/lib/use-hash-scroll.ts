import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Router links such as `/#pricing` change the address without the browser's own jump to the
 * anchor, so scroll to it (and move focus there for keyboard users) whenever the hash changes.
 * Pass `ready = false` while the target is not rendered yet (e.g. data still loading).
 */
export function useHashScroll(ready = true) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || !ready) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [hash, key, ready]);
}
