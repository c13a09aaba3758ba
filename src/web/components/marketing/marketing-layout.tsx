import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/logo';
import { COMPANY_NAME } from './constants';
import { CtaLink } from './cta-link';
import { useLinkOriginState } from './link-origin';
import { SupportEmailLink } from '../support-email-link';

/** Sections of the landing page, reachable from every public page. */
const sectionLinks = [
  { to: '/#how-it-works', label: 'How it works' },
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
  { to: '/#faq', label: 'FAQ' },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-8 px-6">
        <Link to="/" aria-label="Listsmith home" className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex flex-1 items-center justify-between gap-6">
          <ul className="flex items-center gap-1 text-sm font-medium text-slate-600">
            {sectionLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-lg px-3 py-2 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex items-center gap-2">
            <CtaLink to="/auth/signin" variant="ghost" size="sm">
              Sign in
            </CtaLink>
            <CtaLink to="/auth/signup" size="sm">
              Create account
            </CtaLink>
          </div>
        </nav>
      </div>
    </header>
  );
}

const footerColumns: { heading: string; links: { to: string; label: string }[] }[] = [
  { heading: 'Product', links: sectionLinks },
  {
    heading: 'Account',
    links: [
      { to: '/auth/signup', label: 'Create account' },
      { to: '/auth/signin', label: 'Sign in' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/about-data', label: 'About the data' },
    ],
  },
];

const footerLinkClass =
  'rounded whitespace-nowrap text-slate-600 transition-colors hover:text-slate-900';

export function SiteFooter() {
  const state = useLinkOriginState();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-6">
        <div className="flex justify-between gap-12 py-12">
          <div className="max-w-60 shrink-0">
            <Link to="/" aria-label="Listsmith home" className="inline-block rounded-lg">
              <Logo />
            </Link>
            <p className="mt-4 text-sm leading-6 text-slate-600">
              Turn product photos into store-ready listings for Shopify and Squarespace.
            </p>
          </div>
          <nav aria-label="Footer" className="flex gap-10 text-sm xl:gap-16">
            {footerColumns.map((column) => (
              <div key={column.heading}>
                <h2 className="font-semibold text-slate-900">{column.heading}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} state={state} className={footerLinkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div>
              <h2 className="font-semibold text-slate-900">Support</h2>
              <ul className="mt-4 space-y-3">
                <li>
                  <SupportEmailLink className={footerLinkClass} />
                </li>
              </ul>
            </div>
          </nav>
        </div>
        <div className="flex items-center justify-between border-t border-slate-200 py-6 text-sm text-slate-500">
          <p>© 2025 {COMPANY_NAME} All rights reserved.</p>
          <p>Made in New York for independent sellers.</p>
        </div>
      </div>
    </footer>
  );
}

/** Header and footer around public pages; auth forms sit in its centre. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white text-sm font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
