import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '../components/ui/logo';
import { authApi } from '../features/auth/api';
import { BuyCreditsDialog } from '../features/billing/buy-credits-dialog';
import { PremiumOfferCard } from '../features/billing/premium-offer-card';
import { CreditCounter } from '../components/credit-counter';
import { UploadStatus } from '../features/upload/upload-status';
import { cancelUpload, dismissUploadOutcome } from '../features/upload/upload-store';

const links = [
  { to: '/create', label: 'Create', icon: 'M12 5v14M5 12h14' },
  { to: '/library', label: 'Library', icon: 'M4 5h16M4 12h16M4 19h10' },
  {
    to: '/account',
    label: 'Account',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  },
];

function NavIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/** Signed-in frame: sidebar with plan, credits and navigation; the screen in the main area. */
export function AppLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    // An upload still running is the seller's own: it stops with the session.
    cancelUpload();
    try {
      await authApi.signOut();
      queryClient.clear();
      dismissUploadOutcome();
      navigate('/', { replace: true });
    } catch {
      toast.error('Sign out failed. Please try again');
      setSigningOut(false);
    }
  };

  return (
    <div className="flex min-h-screen">
      <aside className="fixed inset-y-0 left-0 flex w-64 flex-col border-r border-slate-200 bg-white px-4 py-6">
        <NavLink to="/create" className="px-2" aria-label="Listsmith home">
          <Logo />
        </NavLink>
        <CreditCounter className="mt-6" />
        <nav className="mt-6 flex flex-col gap-1" aria-label="Main">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                clsx(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <NavIcon path={link.icon} />
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto pt-6">
          <PremiumOfferCard />
        </div>
        <button
          type="button"
          onClick={signOut}
          disabled={signingOut}
          className="mt-4 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
        >
          <NavIcon path="M15 12H4m0 0 4-4m-4 4 4 4M14 4h5a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-5" />
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </aside>
      <main className="ml-64 flex-1 px-10 py-10">
        {/* An upload goes on across the screens once its first drafts are in the list. */}
        <UploadStatus />
        <Outlet />
      </main>
      <BuyCreditsDialog />
    </div>
  );
}
