import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authErrorMessage, resetRequestSchema } from '#domain/auth-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { useFocusWhen } from '#web/lib/use-focus-when';
import { authApi } from './api';
import { toAuthFailure } from './errors';
import { MailIcon } from './icons';

type ResetRequestInput = z.input<typeof resetRequestSchema>;
type ResetRequestValues = z.output<typeof resetRequestSchema>;

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pre-fills the email field (e.g. what the user typed on the sign-in form). */
  initialEmail?: string;
  /** The button that closes the dialog after the mail is sent. */
  doneLabel?: string;
}

/** "Forgot password?": asks for an email and sends the reset mail (spec §2 and §5). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail,
  doneLabel = 'Back to sign in',
}: ForgotPasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Reset your password">
      {/* Radix unmounts the content when closed, so every opening starts with a fresh form. */}
      <ForgotPasswordBody
        initialEmail={initialEmail}
        doneLabel={doneLabel}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

function ForgotPasswordBody({
  initialEmail,
  doneLabel,
  onDone,
}: {
  initialEmail?: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const request = useMutation({
    mutationFn: (email: string) => authApi.requestPasswordReset(email),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetRequestInput, unknown, ResetRequestValues>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: initialEmail ?? '' },
  });
  const doneRef = useFocusWhen<HTMLButtonElement>(request.isSuccess);

  if (request.isSuccess) {
    return (
      <div className="flex flex-col items-center text-center" role="status">
        <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
          <MailIcon className="size-6" />
        </div>
        <p className="mt-4 text-sm leading-6 text-slate-700">
          If an account exists for <strong className="font-semibold">{request.variables}</strong>,
          we&apos;ve sent a link to reset your password. The link is valid for one hour.
        </p>
        <p className="mt-2 text-sm text-slate-500">
          Not there? Check your spam or promotions folder.
        </p>
        <Button ref={doneRef} className="mt-6 w-full" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => request.mutate(values.email))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-600">
        Enter the email address you use for Listsmith and we&apos;ll send you a link to choose a new
        password.
      </p>
      {request.isError && <Banner>{authErrorMessage(toAuthFailure(request.error))}</Banner>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        aria-required="true"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" loading={request.isPending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
