import { vi } from 'vitest';

/** What jsdom lacks for Radix dialogs and tooltips, react-hot-toast and user-event's radio keys. */
export function stubBrowserApis(): void {
  vi.stubGlobal('CSS', {
    escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`),
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  );
}
