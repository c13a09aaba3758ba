/**
 * Whether a mouse button, finger or pen is pressed anywhere on the page. A focus change made by
 * a press happens on pointerdown, before the click: a layout change then (a checklist collapsing
 * on blur) can move the pressed button away from the pointer and lose the click.
 */
let pointerIsDown = false;
let listening = false;

function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pointerIsDown = true), true);
  const release = () => (pointerIsDown = false);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
listen();

/** Runs `action` now, or once the current press has been released and its click dispatched. */
export function afterPointerRelease(action: () => void): void {
  if (!pointerIsDown) {
    action();
    return;
  }
  const run = () => {
    document.removeEventListener('pointerup', run, true);
    document.removeEventListener('pointercancel', run, true);
    // The click follows pointerup in the same task; a macrotask runs after it.
    setTimeout(action, 0);
  };
  document.addEventListener('pointerup', run, true);
  document.addEventListener('pointercancel', run, true);
}
