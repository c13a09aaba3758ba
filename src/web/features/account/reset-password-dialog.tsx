import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authErrorMessage, resetRequestSchema } from '../../../domain/auth-rules';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { accountApi } from './api';

type FormValues = z.infer<typeof resetRequestSchema>;

export function ResetPasswordDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(resetRequestSchema), values: { email } });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await accountApi.requestPasswordReset(values.email);
      setSentTo(values.email);
    } catch (error) {
      setServerError(
        authErrorMessage(error instanceof ApiError ? { status: error.status, code: error.code, message: error.message } : {}),
      );
    }
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSentTo(null);
      setServerError(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Reset password"
      description="We'll email you a link to choose a new password."
    >
      {sentTo ? (
        <div className="flex flex-col gap-4">
          <Banner tone="success">
            Check {sentTo} for a link to reset your password. It works once and expires in one hour.
          </Banner>
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {serverError && <Banner>{serverError}</Banner>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
    </Dialog>
  );
}
