import { clsx } from 'clsx';
import { MAX_IMAGE_MB, PREMIUM_MAX_IMAGES_PER_UPLOAD, SUPPORTED_FORMATS } from '../constants';
import { ArrowRightIcon, SparklesIcon, StorefrontIcon, UploadIcon } from '../icons';
import { SectionIntro, sectionAnchor } from './section-intro';

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

export function HowItWorks() {
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
                <span className="text-sm font-semibold text-slate-500" aria-hidden="true">
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
