import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AUTH_MESSAGES, authErrorMessage, signInSchema } from '#domain/auth-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { authLinkClass } from './auth-card';
import { toAuthFailure } from './errors';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { HeroAuthCard } from './hero-auth-card';
import { PasswordField } from './password-field';
import { useSignIn } from './use-auth-actions';

type SignInInput = z.input<typeof signInSchema>;
type SignInValues = z.output<typeof signInSchema>;

const CONFIRMED_MESSAGE = 'Email confirmed. Sign in to start creating listings.';

/** /auth/signin: the sign-in form over the landing page's hero. */
export function SignInScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const confirmed = searchParams.get('confirmed') === '1';

  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);

  const signIn = useSignIn(searchParams.get('redirectTo'));

  const failure = signIn.isError ? toAuthFailure(signIn.error) : null;
  const notVerified = failure?.code === 'EMAIL_NOT_VERIFIED';

  return (
    <HeroAuthCard
      title="Welcome back"
      subtitle="Sign in to keep creating store-ready listings."
      onClose={() => navigate('/')}
      footer={
        <>
          New to Listsmith?{' '}
          <Link to="/auth/signup" className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => signIn.mutate(values))}
        className="flex flex-col gap-5"
      >
        {confirmed && !failure && <Banner tone="success">{CONFIRMED_MESSAGE}</Banner>}
        {failure && (
          <Banner>
            {authErrorMessage(failure, AUTH_MESSAGES.generic)}
            {notVerified && (
              <span className="mt-1 block text-red-600">
                We&apos;ve just sent a fresh confirmation link to {signIn.variables?.email}.
              </span>
            )}
          </Banner>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAction={
            <button
              type="button"
              onClick={() => setForgotOpen(true)}
              className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
            >
              Forgot password?
            </button>
          }
          {...register('password')}
        />
        <Button type="submit" size="lg" loading={signIn.isPending} className="mt-1 w-full">
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialEmail={forgotOpen ? getValues('email') : undefined}
      />
    </HeroAuthCard>
  );
}
