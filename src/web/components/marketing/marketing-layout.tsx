import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../ui/logo';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <Link to="/" aria-label="Listsmith home">
          <Logo />
        </Link>
        <nav className="flex items-center gap-2 text-sm">
          <Link
            to="/auth/signin"
            className="rounded-lg px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
          >
            Sign in
          </Link>
          <Link
            to="/auth/signup"
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700"
          >
            Create account
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-8 text-sm text-slate-500">
        <p>© 2025 Listsmith, Inc. All rights reserved.</p>
        <nav className="flex gap-6">
          <Link to="/privacy" className="hover:text-slate-800">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-slate-800">
            Terms of Service
          </Link>
          <a href="mailto:support@listsmith.app" className="hover:text-slate-800">
            Support
          </a>
        </nav>
      </div>
    </footer>
  );
}

/** Header and footer around public pages; auth forms sit in its centre. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
