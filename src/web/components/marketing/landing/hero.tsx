import { FREE_GENERATIONS } from '../constants';
import { CtaLink } from '../cta-link';
import { HeroGlow } from '../hero-backdrop';
import { HeroGallery } from '../hero-gallery';
import { ArrowRightIcon, SparklesIcon } from '../icons';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-b border-slate-200/70 bg-white pb-14"
    >
      <HeroGlow />
      <div className="relative mx-auto max-w-4xl px-6 pt-14 pb-12 text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-4 py-1.5 text-sm font-medium text-brand-700 shadow-sm">
          <SparklesIcon className="size-4" />
          For sellers on Shopify and Squarespace
        </p>
        <h1
          id="hero-heading"
          className="mt-5 text-6xl leading-[1.05] font-bold tracking-tight text-balance text-slate-900"
        >
          Turn product photos into{' '}
          <span className="bg-linear-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent">
            store-ready listings
          </span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
          Upload your photos and Listsmith drafts a title, a description, a category and a suggested
          price for every product. Review and edit, then download import files or publish straight
          to your Shopify store.
        </p>
        <div className="mt-8 flex items-center justify-center gap-4">
          <CtaLink to="/auth/signup" size="lg">
            Create account
            <ArrowRightIcon className="size-5" />
          </CtaLink>
          <CtaLink to="/auth/signin" size="lg" variant="secondary">
            Sign in
          </CtaLink>
        </div>
        <p className="mt-4 text-sm text-slate-500">
          The Free plan includes {FREE_GENERATIONS} product generations. No card needed.
        </p>
      </div>
      <HeroGallery />
    </section>
  );
}
