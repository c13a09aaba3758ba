import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Logo } from './ui/logo';

/**
 * The frame of a page Listsmith serves in place of an outside service's own (the sandbox
 * checkout, the sandbox store's install page): a test-mode notice across the top, the logo with
 * a badge naming the stand-in, and the content in one card.
 */
export function SandboxPageFrame({
  notice,
  badge,
  wide = false,
  children,
}: {
  notice: string;
  badge: string;
  /** A list (the sandbox store's admin) rather than one question. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-100">
      <div
        role="status"
        className="bg-amber-400 px-6 py-2 text-center text-sm font-semibold text-amber-950"
      >
        {notice}
      </div>
      {/* The page's main landmark: everything a screen reader user comes here for is inside. */}
      <main
        className={clsx('mx-auto flex flex-col gap-6 px-6 py-12', wide ? 'max-w-5xl' : 'max-w-xl')}
      >
        <div className="flex items-center justify-between">
          <Logo />
          <span className="rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">
            {badge}
          </span>
        </div>
        <section className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          {children}
        </section>
      </main>
    </div>
  );
}
