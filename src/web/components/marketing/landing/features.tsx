import { clsx } from 'clsx';
import { PREMIUM_MAX_IMAGES_PER_UPLOAD } from '../constants';
import {
  CategoryIcon,
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  LibraryIcon,
  RefreshIcon,
  SparklesIcon,
  StackIcon,
  TagIcon,
} from '../icons';
import { SectionIntro, sectionAnchor } from './section-intro';
import { ListingPreview } from './listing-preview';

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

export function Features() {
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
