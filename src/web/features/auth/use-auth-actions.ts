/**
 * What the auth screens do with the server: sign in, sign up, reset the password, confirm the
 * email. Each keeps the session cache true to what the server now holds; the screens keep the
 * forms and what they show.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { warnWhenOutOfCredits } from '#web/lib/no-credits-warning';
import { safeReturnPath } from '#web/lib/return-path';
import { sessionQueryKey } from '#web/lib/session';
import { authApi } from './api';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in, then goes back where the seller was sent away from (`redirectTo`), or to /create. */
export function useSignIn(redirectTo: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) => authApi.signIn(email, password),
    meta: { credentialCheck: true },
    onSuccess: async () => {
      // Whatever an earlier session left in this tab's cache (it ended, or was someone else's)
      // is not this seller's: every screen reads afresh.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      navigate(safeReturnPath(redirectTo), { replace: true });
      // A failed profile read is already shown by the sidebar counter; no second message here.
      warnWhenOutOfCredits(queryClient).catch(() => undefined);
    },
  });
}

/** Creates the account, then shows 'Check your email' for that address. */
export function useSignUp({
  onStart,
  onFailure,
}: {
  onStart: () => void;
  onFailure: (error: Error) => void;
}) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) => authApi.signUp(email, password),
    onMutate: onStart,
    onSuccess: (_data, { email }) => {
      navigate('/auth/account-confirmation', { state: { email } });
    },
    onError: onFailure,
  });
}

/** Sets the new password with the mailed token. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    // Resetting revokes every session, so drop the cached one (sign-in then reads it afresh).
    onSuccess: () => queryClient.resetQueries({ queryKey: sessionQueryKey }),
  });
}

const SIGN_IN_AFTER_CONFIRMATION = '/auth/signin?confirmed=1&redirectTo=%2Fcreate';

/**
 * Confirms the email with the mailed token, then goes on: to /create when confirming signed the
 * seller in, otherwise to sign-in with the 'Email confirmed' note.
 */
export function useEmailConfirmation(token: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const verify = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authApi.verifyEmail(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!verify.isSuccess) return;
    let cancelled = false;
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey }).then(() => {
      if (cancelled) return;
      const signedIn = Boolean(queryClient.getQueryData(sessionQueryKey));
      navigate(signedIn ? '/create' : SIGN_IN_AFTER_CONFIRMATION, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [verify.isSuccess, queryClient, navigate]);

  return verify;
}
