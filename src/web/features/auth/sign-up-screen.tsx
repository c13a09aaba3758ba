import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signUpSchema } from '#domain/auth-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { authLinkClass } from './auth-card';
import { closeGoesBack, signUpErrorState } from './errors';
import { HeroAuthCard } from './hero-auth-card';
import { NewPasswordFields } from './password-field';
import { useSignUp } from './use-auth-actions';

type SignUpInput = z.input<typeof signUpSchema>;
type SignUpValues = z.output<typeof signUpSchema>;

/** /auth/signup: the create-account form over the landing page's hero. */
export function SignUpScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);

  const signUp = useSignUp({
    onStart: () => setBanner(null),
    onFailure: (error) => {
      const state = signUpErrorState(error);
      setBanner(state.banner);
      if (state.emailField) setError('email', { message: state.emailField }, { shouldFocus: true });
    },
  });

  const close = () => {
    if (closeGoesBack(location.state)) navigate(-1);
    else navigate('/');
  };

  return (
    <HeroAuthCard
      title="Create your account"
      subtitle="Start with 3 free product listings. No card needed."
      onClose={close}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/signin" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => signUp.mutate(values))}
        className="flex flex-col gap-5"
      >
        {banner && <Banner>{banner}</Banner>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          label="Password"
          password={register('password')}
          confirmation={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" size="lg" loading={signUp.isPending} className="mt-1 w-full">
          {signUp.isPending ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-center text-xs leading-5 text-slate-500">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="underline underline-offset-2 hover:text-slate-700">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-slate-700">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </HeroAuthCard>
  );
}
