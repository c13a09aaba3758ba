import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CREDIT_PACKS,
  FREE_GENERATIONS,
  MAX_IMAGE_MB,
  PREMIUM_MAX_IMAGES_PER_UPLOAD,
  PREMIUM_MONTHLY_GENERATIONS,
  PREMIUM_PRICE_USD,
  SUPPORTED_FORMATS,
} from '../components/marketing/constants';
import { CtaLink } from '../components/marketing/cta-link';
import { HeroGallery } from '../components/marketing/hero-gallery';
import {
  ArrowRightIcon,
  CategoryIcon,
  CheckIcon,
  ChevronDownIcon,
  CoinsIcon,
  CopyIcon,
  DownloadIcon,
  LibraryIcon,
  RefreshIcon,
  SparklesIcon,
  StackIcon,
  StorefrontIcon,
  TagIcon,
  UploadIcon,
} from '../components/marketing/icons';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { useDocumentTitle } from '../components/marketing/use-document-title';
import { useHashScroll } from '../lib/use-hash-scroll';
import { SupportEmailLink } from '../components/support-email-link';

export default function LandingRoute() {
  useDocumentTitle('Listsmith: product photos to store-ready listings');
  useHashScroll();
  return (
    <MarketingLayout>
      <Hero />
      <HowItWorks />
      <Features />
      <Pricing />
      <Faq />
      <FinalCallToAction />
    </MarketingLayout>
  );
}

/* ------------------------------------------------------------------------------------------ */

function SectionIntro({
  headingId,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <h2
        id={headingId}
        className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{children}</p>}
    </div>
  );
}

/** Landing sections are anchor targets (header links); focus lands on them without a ring. */
const sectionAnchor = 'scroll-mt-16 focus:outline-none';

/* ------------------------------------------------------------------------------------------ */

function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-b border-slate-200/70 bg-white pb-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60rem_28rem_at_50%_-6rem,var(--color-brand-100),transparent_70%)]"
      />
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

/* ------------------------------------------------------------------------------------------ */

const steps = [
  {
    title: 'Upload',
    icon: UploadIcon,
    text: `Drag in your product photos: ${SUPPORTED_FORMATS}, up to ${MAX_IMAGE_MB}MB each. Premium queues up to ${PREMIUM_MAX_IMAGES_PER_UPLOAD} images in a single upload.`,
  },
  {
    title: 'Generate',
    icon: SparklesIcon,
    text: 'Listsmith looks at each photo and drafts a title, a description, a category and a suggested price. Products appear for review as soon as they are ready.',
  },
  {
    title: 'Publish',
    icon: StorefrontIcon,
    text: 'Edit anything you like, then download Shopify or Squarespace import files, or publish products straight to your connected Shopify store.',
  },
];

function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-heading"
      className={clsx(sectionAnchor, 'bg-slate-50 py-24')}
    >
      <div className="mx-auto max-w-6xl px-6">
        <SectionIntro
          headingId="how-it-works-heading"
          eyebrow="How it works"
          title="From photo to product page in three steps"
        >
          No copywriting, no spreadsheets. Listsmith does the typing; you stay in charge of every
          word.
        </SectionIntro>
        <ol className="mt-16 grid grid-cols-3 gap-8">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                  <step.icon className="size-6" />
                </span>
                <span className="text-sm font-semibold text-slate-400" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
              </div>
              <h3 className="mt-6 text-xl font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-3 leading-7 text-slate-600">{step.text}</p>
              {index < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className="absolute top-1/2 -right-6 z-10 flex size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-400 shadow-sm"
                >
                  <ArrowRightIcon className="size-4" />
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------------------------------ */

const features = [
  {
    title: 'Titles and descriptions',
    icon: SparklesIcon,
    text: 'Clear, searchable titles and descriptions written from what is actually in the photo.',
  },
  {
    title: 'Suggested prices',
    icon: TagIcon,
    text: 'A price recommendation based on comparable products. Keep it or set your own.',
  },
  {
    title: 'Store categories',
    icon: CategoryIcon,
    text: "Every product is matched to a category from Shopify's Standard Product Taxonomy.",
  },
  {
    title: 'Unlimited regeneration',
    icon: RefreshIcon,
    text: 'Not quite right? On Premium, regenerate a title or a description as often as you like.',
  },
  {
    title: 'Bulk upload queue',
    icon: StackIcon,
    text: `Queue up to ${PREMIUM_MAX_IMAGES_PER_UPLOAD} images per upload on Premium and review products as they arrive.`,
  },
  {
    title: 'Saved library',
    icon: LibraryIcon,
    text: 'Premium keeps every product in a searchable library that you can edit at any time.',
  },
  {
    title: 'Export or publish',
    icon: DownloadIcon,
    text: 'Download Shopify and Squarespace CSV import files, or publish straight to Shopify.',
  },
  {
    title: 'Copy in one click',
    icon: CopyIcon,
    text: 'Copy a name, a description or a price to paste into marketplaces and social posts.',
  },
];

function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className={clsx(sectionAnchor, 'border-y border-slate-200/70 bg-white py-24')}
    >
      <div className="mx-auto max-w-6xl px-6">
        <div className="grid grid-cols-[minmax(0,5fr)_minmax(0,6fr)] items-center gap-16">
          <div>
            <SectionIntro
              headingId="features-heading"
              eyebrow="Features"
              title="Everything a listing needs, drafted for you"
              align="left"
            >
              One photo is enough. Listsmith reads the product, its material and its style, and
              fills in the fields your store asks for, so you can spend your time on the products
              themselves.
            </SectionIntro>
            <ul className="mt-8 space-y-3 text-slate-700">
              {[
                'Fields match the Shopify and Squarespace import formats',
                'Edit every field before anything goes live',
                'Prices are recommendations, never applied without you',
              ].map((point) => (
                <li key={point} className="flex gap-3">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <ListingPreview />
        </div>

        <ul className="mt-20 grid grid-cols-4 gap-x-8 gap-y-12">
          {features.map((feature) => (
            <li key={feature.title}>
              <span className="flex size-11 items-center justify-center rounded-xl bg-slate-900 text-white shadow-sm">
                <feature.icon className="size-5" />
              </span>
              <h3 className="mt-5 font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A static picture of a drafted listing, built from the same fields as the review screen. */
function ListingPreview() {
  return (
    <figure className="relative">
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-[2rem] bg-linear-to-br from-brand-100 via-violet-50 to-amber-50"
      />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/10">
        <div className="flex items-center justify-between">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            <SparklesIcon className="size-3.5" />
            Drafted from one photo
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-100">
            <CheckIcon className="size-3.5" />
            Ready to publish
          </span>
        </div>
        <div className="mt-5 grid grid-cols-[11rem_minmax(0,1fr)] gap-6">
          <img
            src="/gallery/leather-belt.webp"
            alt="Coiled tan leather belt with an antique brass buckle"
            width={480}
            height={480}
            loading="lazy"
            decoding="async"
            className="size-44 rounded-xl object-cover ring-1 ring-slate-900/5"
          />
          <dl className="space-y-4 text-sm">
            <PreviewField label="Product name">
              <span className="font-semibold text-slate-900">
                Tan Leather Belt with Antique Brass Buckle
              </span>
            </PreviewField>
            <PreviewField label="Category">
              Apparel &amp; Accessories › Clothing Accessories › Belts
            </PreviewField>
            <PreviewField label="Price">
              <span className="inline-flex items-baseline gap-2">
                <span className="text-lg font-semibold text-slate-900">$38.00</span>
                <span className="text-xs text-slate-500">suggested from comparable products</span>
              </span>
            </PreviewField>
          </dl>
        </div>
        <dl className="mt-5 border-t border-slate-100 pt-5 text-sm">
          <PreviewField label="Product description">
            A classic tan leather belt with a rounded antique-brass buckle and a matching leather
            keeper. The smooth, sturdy strap pairs easily with jeans and chinos, and its colour
            deepens beautifully with wear.
          </PreviewField>
        </dl>
      </div>
      <figcaption className="relative mt-8 text-center text-sm text-slate-500">
        An example of the listing Listsmith drafts from a single product photo.
      </figcaption>
    </figure>
  );
}

function PreviewField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 leading-6 text-slate-700">{children}</dd>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------ */

interface Plan {
  name: string;
  price: string;
  period: string;
  summary: string;
  features: string[];
  note: string;
  highlighted: boolean;
}

const plans: Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'no card needed',
    summary: 'Try Listsmith on your own products before you decide.',
    features: [
      `${FREE_GENERATIONS} product generations`,
      'Title, description, category and suggested price for each product',
      'Edit and copy every field',
      'Download Shopify and Squarespace CSV files',
    ],
    note: 'Need more? Add a credit pack at any time.',
    highlighted: false,
  },
  {
    name: 'Premium',
    price: `$${PREMIUM_PRICE_USD}`,
    period: 'per month',
    summary: 'For sellers who add new products every week.',
    features: [
      `${PREMIUM_MONTHLY_GENERATIONS} generations per month, reset monthly`,
      'Unlimited regeneration of titles and descriptions',
      `Bulk upload queue: up to ${PREMIUM_MAX_IMAGES_PER_UPLOAD} images per upload`,
      'Saved library, editable any time',
      'Download for Shopify and Squarespace, or publish straight to Shopify',
    ],
    note: 'Cancel anytime. Premium stays active until the end of your billing period.',
    highlighted: true,
  },
];

function Pricing() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className={clsx(sectionAnchor, 'bg-slate-50 py-24')}
    >
      <div className="mx-auto max-w-6xl px-6">
        <SectionIntro
          headingId="pricing-heading"
          eyebrow="Pricing"
          title="Start free. Upgrade when you're ready."
        >
          One generation turns one photo into one complete product listing. Pick the plan that fits
          how often you list.
        </SectionIntro>

        <div className="mx-auto mt-16 grid max-w-4xl grid-cols-2 gap-8">
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </div>

        <CreditPacks />
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'relative flex flex-col rounded-2xl bg-white p-8',
        plan.highlighted
          ? 'shadow-xl ring-2 shadow-brand-600/10 ring-brand-600'
          : 'border border-slate-200 shadow-sm',
      )}
    >
      {plan.highlighted && (
        <p className="absolute -top-3.5 left-8 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          Best for growing shops
        </p>
      )}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{plan.summary}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-bold tracking-tight text-slate-900">{plan.price}</span>
        <span className="text-sm font-medium text-slate-500">{plan.period}</span>
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon
              className={clsx(
                'mt-0.5 size-5 shrink-0',
                plan.highlighted ? 'text-brand-600' : 'text-slate-400',
              )}
            />
            {feature}
          </li>
        ))}
      </ul>
      <CtaLink
        to="/auth/signup"
        size="lg"
        variant={plan.highlighted ? 'primary' : 'secondary'}
        className="mt-8 w-full"
      >
        Create account
      </CtaLink>
      <p className="mt-4 text-center text-xs text-slate-500">{plan.note}</p>
    </article>
  );
}

function CreditPacks() {
  return (
    <div className="mx-auto mt-10 grid max-w-4xl grid-cols-[minmax(0,1fr)_auto] items-center gap-10 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <div>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-xl bg-amber-50 text-amber-600 ring-1 ring-amber-100">
            <CoinsIcon className="size-5" />
          </span>
          <h3 className="text-lg font-semibold text-slate-900">Pay as you go with credit packs</h3>
        </div>
        <p className="mt-3 text-sm leading-6 text-slate-600">
          Top up on either plan, whenever you need to. One credit generates one product, and{' '}
          <strong className="font-semibold text-slate-900">bought credits never expire</strong>.
        </p>
      </div>
      <ul className="grid grid-cols-3 gap-3" aria-label="Credit packs">
        {CREDIT_PACKS.map((pack) => (
          <li
            key={pack.credits}
            className="w-32 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-center"
          >
            <p className="text-sm font-semibold text-slate-900">{pack.credits} credits</p>
            <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">${pack.price}</p>
            <p className="mt-0.5 text-xs text-slate-500">${pack.perCredit} each</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------ */

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'What is Listsmith?',
    answer: (
      <>
        Listsmith turns product photos into store-ready listings. Upload a photo and it drafts a
        title, a description, a category and a suggested price. You review and edit the result, then
        download import files for Shopify or Squarespace, or publish the product straight to your
        connected Shopify store.
      </>
    ),
  },
  {
    question: 'How does pricing work?',
    answer: (
      <>
        Every generation, one photo turned into one product, uses one credit. The Free plan comes
        with {FREE_GENERATIONS} generations and needs no card. Premium costs ${PREMIUM_PRICE_USD}{' '}
        per month and includes {PREMIUM_MONTHLY_GENERATIONS} generations that reset each month, plus
        unlimited regeneration, bulk uploads and a saved library. On either plan you can buy credit
        packs: 10 credits for $7, 25 for $15 or 50 for $27. Bought credits never expire.
      </>
    ),
  },
  {
    question: 'Can I cancel?',
    answer: (
      <>
        Yes, anytime, from your account settings. You keep Premium until the end of the billing
        period you have already paid for, and you are not charged again. After that your account
        moves to the Free plan, so download the CSV files for anything in your saved library that
        you want to keep.
      </>
    ),
  },
  {
    question: 'Which stores does Listsmith work with?',
    answer: (
      <>
        Shopify and Squarespace. You can download a ready-to-import CSV file for either platform,
        and you can connect a Shopify store to publish products to it directly.
      </>
    ),
  },
  {
    question: 'What kind of photos can I upload?',
    answer: (
      <>
        {SUPPORTED_FORMATS} files up to {MAX_IMAGE_MB}MB each. For the best results use one product
        per photo, in good light, against a plain background. Free accounts can upload up to{' '}
        {FREE_GENERATIONS} images; Premium can queue up to {PREMIUM_MAX_IMAGES_PER_UPLOAD} in a
        single upload.
      </>
    ),
  },
  {
    question: 'Who owns the listings Listsmith writes?',
    answer: (
      <>
        You do. Your photos and the titles, descriptions and prices drafted from them are yours to
        use wherever you sell. See our{' '}
        <Link to="/terms#your-content" className="font-medium text-brand-700 underline">
          Terms of Service
        </Link>{' '}
        for the details.
      </>
    ),
  },
];

function Faq() {
  return (
    <section
      id="faq"
      aria-labelledby="faq-heading"
      className={clsx(sectionAnchor, 'bg-white py-24')}
    >
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-16 px-6">
        <div>
          <SectionIntro
            headingId="faq-heading"
            eyebrow="FAQ"
            title="Questions, answered"
            align="left"
          >
            Can't find what you're looking for? Write to us at{' '}
            <SupportEmailLink className="font-medium text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-600" />{' '}
            and a person will get back to you.
          </SectionIntro>
        </div>
        <div className="divide-y divide-slate-200 border-y border-slate-200">
          {faqs.map((faq, index) => (
            <details key={faq.question} className="group" open={index === 0}>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-6 rounded-lg py-5 text-left font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                <h3>{faq.question}</h3>
                <ChevronDownIcon className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" />
              </summary>
              <p className="pr-12 pb-6 leading-7 text-slate-600">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------------------------------ */

function FinalCallToAction() {
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
