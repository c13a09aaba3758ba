import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { AuthCard } from './auth-card';
import { isNetworkFailure } from '#domain/auth-rules';
import { toAuthFailure } from './errors';
import { AlertIcon } from './icons';
import { useEmailConfirmation } from './use-auth-actions';
import { useSession } from '#web/lib/session';

const RESEND_HINT =
  "Sign in with your email and password and we'll send you a fresh confirmation link.";

function failureCopy(error: unknown): { title: string; body: string; retry: boolean } {
  const failure = toAuthFailure(error);
  if (isNetworkFailure(failure) || (failure.status ?? 0) >= 500) {
    return {
      title: "We couldn't confirm your email",
      body: 'Something went wrong on our side or with your connection. Please try again.',
      retry: true,
    };
  }
  if (failure.code === 'TOKEN_EXPIRED') {
    return {
      title: 'This link has expired',
      body: `Confirmation links are valid for 24 hours. ${RESEND_HINT}`,
      retry: false,
    };
  }
  return {
    title: "This link isn't valid",
    body: `Your confirmation link may be incomplete or already used. ${RESEND_HINT}`,
    retry: false,
  };
}

/** Return point of the confirmation mail (`/auth/callback?token=…`). */
export function EmailConfirmationScreen() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  // Keeps the session query active so that confirming refetches it.
  useSession();
  const verify = useEmailConfirmation(token);

  if (token && !verify.isError) {
    return (
      <AuthCard
        title="Confirming your email…"
        subtitle="This only takes a moment."
        icon={<Spinner className="size-7" label="Confirming your email" />}
      />
    );
  }

  const copy = token
    ? failureCopy(verify.error)
    : {
        title: 'This link is incomplete',
        body: `Your confirmation link is missing its token. Open it from the email again, or: ${RESEND_HINT}`,
        retry: false,
      };

  return (
    <AuthCard
      title={copy.title}
      subtitle={copy.body}
      icon={<AlertIcon className="size-7" />}
      iconTone="error"
    >
      <div className="flex flex-col gap-3">
        {copy.retry && (
          <Button
            size="lg"
            className="w-full"
            loading={verify.isFetching}
            onClick={() => void verify.refetch()}
          >
            Try again
          </Button>
        )}
        <Button
          size="lg"
          variant={copy.retry ? 'secondary' : 'primary'}
          className="w-full"
          onClick={() => navigate('/auth/signin')}
        >
          Go to sign in
        </Button>
      </div>
    </AuthCard>
  );
}
