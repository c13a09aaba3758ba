import { clsx } from 'clsx';
import {
  CREDIT_PACKS,
  FREE_GENERATIONS,
  PREMIUM_MAX_IMAGES_PER_UPLOAD,
  PREMIUM_MONTHLY_GENERATIONS,
  PREMIUM_PRICE_USD,
} from '../constants';
import { CtaLink } from '../cta-link';
import { CheckIcon, CoinsIcon } from '../icons';
import { SectionIntro, sectionAnchor } from './section-intro';

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

export function Pricing() {
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
