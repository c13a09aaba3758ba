import { useSyncExternalStore, type ReactNode } from 'react';
import { Logo } from '../components/ui/logo';

const DESKTOP_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(DESKTOP_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Under the 1024px breakpoint only the spec's notice is shown. */
export function DesktopOnly({ children }: { children: ReactNode }) {
  const isDesktop = useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP_QUERY).matches);
  if (isDesktop) return <>{children}</>;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-white px-8 text-center">
      <Logo />
      <p className="max-w-sm text-lg text-slate-700">
        For an optimal experience use Listsmith on a larger screen. Full mobile experience coming
        soon.
      </p>
    </main>
  );
}
