import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportEmailLink } from '#web/components/support-email-link';
import {
  FREE_GENERATIONS,
  MAX_IMAGE_MB,
  PREMIUM_MAX_IMAGES_PER_UPLOAD,
  PREMIUM_MONTHLY_GENERATIONS,
  PREMIUM_PRICE_USD,
  SUPPORTED_FORMATS,
} from '../constants';
import { ChevronDownIcon } from '../icons';
import { SectionIntro, sectionAnchor } from './section-intro';

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

export function Faq() {
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
