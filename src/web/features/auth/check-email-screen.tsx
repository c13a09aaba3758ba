import { Link, useLocation } from 'react-router';
import { AuthCard, authLinkClass } from './auth-card';
import { MailIcon } from './icons';

function emailFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return null;
}

/** "Check your email" after sign-up (spec §2 "Other screens and dialogs"). */
export function CheckEmailScreen() {
  const email = emailFromState(useLocation().state);

  return (
    <AuthCard
      title="Check your email"
      icon={<MailIcon className="size-7" />}
      subtitle={
        email ? (
          <>
            We&apos;ve sent a secure sign-in link to{' '}
            <strong className="font-semibold text-slate-900">{email}</strong>.
          </>
        ) : (
          <>We&apos;ve sent a secure sign-in link to your email address.</>
        )
      }
      footer={
        <>
          Already confirmed?{' '}
          <Link to="/auth/signin" className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <ol className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
        <li className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
            1
          </span>
          <span className="pt-0.5">Open the email from Listsmith.</span>
        </li>
        <li className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
            2
          </span>
          <span className="pt-0.5">
            Click the link in it to confirm your address and complete sign in.
          </span>
        </li>
      </ol>
      <p className="mt-5 text-center text-sm leading-6 text-slate-500">
        Didn&apos;t get it after a few minutes? Check your spam or promotions folder. The link stays
        valid for 24 hours.
      </p>
      <p className="mt-3 text-center text-sm text-slate-500">
        Wrong address?{' '}
        <Link to="/auth/signup" className={authLinkClass}>
          Sign up again
        </Link>
      </p>
    </AuthCard>
  );
}
