import type { ReactNode } from 'react';
import { HeroGallery } from './hero-gallery';

/** The landing hero's brand glow, behind its heading (and behind the auth forms). */
export function HeroGlow() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60rem_28rem_at_50%_-6rem,var(--color-brand-100),transparent_70%)]"
    />
  );
}

/**
 * The landing hero with `children` in its centre instead of its heading: the sign-in and sign-up
 * forms sit here (spec §2, "in the centre of the landing layout"). The drifting gallery runs behind
 * the content and shows on both sides of it; its pause button stays reachable beside the content.
 */
export function HeroBackdrop({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate overflow-hidden border-b border-slate-200/70 bg-white">
      <HeroGlow />
      {/* One grid cell holds both, so the taller sets the height; the content comes first in
          reading order, the gallery's own heading after the page's h1. */}
      <div className="grid grid-cols-1 place-items-center py-12 [grid-template-areas:'stage']">
        <div className="relative z-10 w-full max-w-[31rem] px-6 [grid-area:stage]">
          {/* A soft white halo lifts the content off the photos drifting behind it. */}
          <div
            aria-hidden="true"
            className="absolute -inset-2 -z-10 rounded-[2.5rem] bg-white/70 blur-2xl"
          />
          {children}
        </div>
        <div className="w-full [grid-area:stage]">
          <HeroGallery />
        </div>
      </div>
    </div>
  );
}
