import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MarkdownDocument } from '#web/content/markdown-document';
import { usePublicConfig } from '#web/lib/public-config';
import { LEGAL_EFFECTIVE_DATE } from './constants';
import { MailIcon } from './icons';
import { MarketingLayout } from './marketing-layout';
import { useActiveSection } from './use-active-section';
import { useDocumentTitle } from './use-document-title';
import { useHashScroll } from '#web/lib/use-hash-scroll';
import { SupportEmailLink } from '../support-email-link';
import { fillLegalFacts } from './legal-html';

/**
 * Typography for legal text. Tailwind's preflight strips element styles, so the readable defaults
 * (paragraph spacing, lists, tables, links) are restored here for everything inside a section.
 */
const prose = [
  'text-[1.0625rem] leading-8 text-slate-700',
  '[&_p]:mt-4',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-slate-400',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ol]:marker:text-slate-500',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-200 [&_a]:underline-offset-4 [&_a:hover]:decoration-brand-600',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:text-left [&_table]:text-[0.9375rem] [&_table]:leading-6',
  '[&_th]:border-b [&_th]:border-slate-300 [&_th]:py-3 [&_th]:pr-6 [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-200 [&_td]:py-3 [&_td]:pr-6 [&_td]:align-top',
].join(' ');

/**
 * Links in the Markdown are plain anchors; one to a page of this app is followed by the router,
 * as a <Link> would be, instead of reloading the app. (A listener on the container, because the
 * anchors are in HTML the build rendered, not React elements.)
 */
function useRouterForPlainLinks() {
  const navigate = useNavigate();
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element).closest('a');
      const href = anchor?.getAttribute('href');
      const plainClick =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (!href?.startsWith('/') || href.startsWith('//') || !plainClick) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return container;
}

/** A legal page written in Markdown (src/web/content): title, summary and numbered sections. */
export function LegalPage({
  document,
  related,
}: {
  document: MarkdownDocument;
  related: { to: string; label: string };
}) {
  const { title, sections } = document;
  useDocumentTitle(`${title} | Listsmith`);
  useHashScroll();
  const active = useActiveSection(sections.map((section) => section.id));
  const { supportEmail } = usePublicConfig();
  const container = useRouterForPlainLinks();
  const html = (source: string) => ({ __html: fillLegalFacts(source, supportEmail) });
  return (
    <MarketingLayout>
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-6 pt-16 pb-12">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Legal</p>
          <h1 className="mt-3 text-5xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-4 text-sm text-slate-500">
            Effective <time dateTime="2025-07-01">{LEGAL_EFFECTIVE_DATE}</time>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            See also our{' '}
            <Link
              to={related.to}
              className="font-medium text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-600"
            >
              {related.label}
            </Link>
          </p>
          <div
            className="mt-6 max-w-3xl text-lg leading-8 text-slate-600"
            dangerouslySetInnerHTML={html(document.summaryHtml)}
          />
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl grid-cols-[15rem_minmax(0,1fr)] gap-16 px-6 py-16">
        <aside>
          <nav
            aria-labelledby="toc-heading"
            className="sticky top-24 -mx-1 max-h-[calc(100vh-8rem)] overflow-y-auto px-1 pb-4"
          >
            <h2
              id="toc-heading"
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              On this page
            </h2>
            <ol className="mt-4 space-y-0.5 border-l border-slate-200 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <Link
                    to={{ hash: `#${section.id}` }}
                    aria-current={active === section.id ? 'location' : undefined}
                    className={clsx(
                      '-ml-px flex gap-2 border-l py-1 pl-4 transition-colors',
                      active === section.id
                        ? 'border-brand-600 font-medium text-brand-700'
                        : 'border-transparent text-slate-600 hover:border-slate-400 hover:text-slate-900',
                    )}
                  >
                    <span className="w-5 shrink-0 font-normal text-slate-500 tabular-nums">
                      {index + 1}.
                    </span>
                    {section.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        </aside>

        <article ref={container} className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-b border-slate-200 pb-12 not-first:pt-12 last-of-type:border-0 focus:outline-none"
            >
              <h2
                id={`${section.id}-heading`}
                className="flex gap-3 text-2xl font-bold tracking-tight text-slate-900"
              >
                <span className="text-brand-600 tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={prose} dangerouslySetInnerHTML={html(section.html)} />
            </section>
          ))}

          <div className="mt-4 flex items-center gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <MailIcon className="size-6" />
            </span>
            <div>
              <p className="font-semibold text-slate-900">Questions about this page?</p>
              <p className="mt-1 text-slate-600">
                Email us at{' '}
                <SupportEmailLink className="font-medium text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-600" />
                . A member of our team reads every message.
              </p>
            </div>
          </div>
        </article>
      </div>
    </MarketingLayout>
  );
}
