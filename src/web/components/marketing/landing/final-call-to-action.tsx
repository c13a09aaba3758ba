import { FREE_GENERATIONS } from '../constants';
import { CtaLink } from '../cta-link';

export function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-white pb-24">
      <div className="mx-auto max-w-6xl px-6">
        <div className="relative overflow-hidden rounded-3xl bg-brand-600 px-16 py-16 shadow-xl shadow-brand-600/20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_90%_-10%,rgb(255_255_255/0.18),transparent_70%)]"
          />
          <div className="relative flex items-center justify-between gap-12">
            <div className="max-w-xl">
              <h2
                id="cta-heading"
                className="text-3xl font-bold tracking-tight text-balance text-white"
              >
                Your next listing is one photo away
              </h2>
              <p className="mt-3 text-lg leading-8 text-brand-100">
                Create a free account and turn {FREE_GENERATIONS} products into store-ready listings
                today. No card needed.
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-4">
              <CtaLink to="/auth/signup" size="lg" variant="inverse">
                Create account
              </CtaLink>
              <CtaLink to="/auth/signin" size="lg" variant="onBrand">
                Sign in
              </CtaLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
