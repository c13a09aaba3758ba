import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AUTH_MESSAGES, authErrorMessage, resetPasswordSchema } from '#domain/auth-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { AuthCard, authLinkClass } from './auth-card';
import { toAuthFailure } from './errors';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { AlertIcon, CheckIcon } from './icons';
import { NewPasswordFields } from './password-field';
import { useResetPassword } from './use-auth-actions';
import { useFocusWhen } from '#web/lib/use-focus-when';

type ResetInput = z.input<typeof resetPasswordSchema>;
type ResetValues = z.output<typeof resetPasswordSchema>;

/** Spec §9: redirect to sign-in 3000 ms after a successful reset. */
const REDIRECT_AFTER_RESET_MS = 3000;

const backToSignIn = (
  <Link to="/auth/signin" className={authLinkClass}>
    Back to sign in
  </Link>
);

/** Return point of the reset mail (`/auth/reset-password?token=…`). */
export function ResetPasswordScreen() {
  const token = useSearchParams()[0].get('token');
  const [requestOpen, setRequestOpen] = useState(false);
  const requestDialog = <ForgotPasswordDialog open={requestOpen} onOpenChange={setRequestOpen} />;

  if (!token) {
    return (
      <AuthCard
        title="This reset link is incomplete"
        subtitle="The link you followed is missing its security token. Request a new link and open it straight from the email."
        icon={<AlertIcon className="size-7" />}
        iconTone="error"
        footer={backToSignIn}
      >
        <Button size="lg" className="w-full" onClick={() => setRequestOpen(true)}>
          Request a new link
        </Button>
        {requestDialog}
      </AuthCard>
    );
  }
  return (
    <ResetPasswordForm token={token} onRequestNewLink={() => setRequestOpen(true)}>
      {requestDialog}
    </ResetPasswordForm>
  );
}

function ResetPasswordForm({
  token,
  onRequestNewLink,
  children,
}: {
  token: string;
  onRequestNewLink: () => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const reset = useResetPassword(token);
  const signInRef = useFocusWhen<HTMLButtonElement>(reset.isSuccess);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(
      () => navigate('/auth/signin', { replace: true }),
      REDIRECT_AFTER_RESET_MS,
    );
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <AuthCard
        title="Password Updated!"
        subtitle="Your password has been changed. Redirecting to the sign-in page in 3 seconds…"
        icon={<CheckIcon className="size-7" />}
        iconTone="success"
      >
        <Button
          ref={signInRef}
          size="lg"
          className="w-full"
          onClick={() => navigate('/auth/signin')}
        >
          Sign In Now
        </Button>
      </AuthCard>
    );
  }

  const failure = reset.isError ? toAuthFailure(reset.error) : null;
  const linkInvalid = failure?.code === 'INVALID_TOKEN' || failure?.code === 'TOKEN_EXPIRED';

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a strong password you don't use anywhere else."
      footer={backToSignIn}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => reset.mutate(values.password))}
        className="flex flex-col gap-5"
      >
        {failure && (
          <Banner>
            {linkInvalid ? AUTH_MESSAGES.resetLinkInvalid : authErrorMessage(failure)}
            {linkInvalid && (
              <button
                type="button"
                onClick={onRequestNewLink}
                className="mt-1 block font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
              >
                Request a new link
              </button>
            )}
          </Banner>
        )}
        <NewPasswordFields
          label="New Password"
          password={register('password')}
          confirmation={register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" size="lg" loading={reset.isPending} className="mt-1 w-full">
          {reset.isPending ? 'Updating password…' : 'Update password'}
        </Button>
      </form>
      {children}
    </AuthCard>
  );
}
