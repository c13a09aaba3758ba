/** Calls only the billing screens make: one checkout's state, the sandbox page, cancel/resume. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  checkoutSessionViewSchema,
  sandboxCheckoutResultSchema,
  subscriptionStateSchema,
  type CheckoutSessionView,
  type SubscriptionState,
} from '#domain/billing';
import { ApiError, apiFetch } from '#web/lib/api-client';
import { billingQueryKeys, parseReply, refreshBillingState } from '#web/lib/billing';
import { profileQueryKey } from '#web/lib/profile';

const sessionPath = (id: string) => `/api/billing/checkout-sessions/${encodeURIComponent(id)}`;

/**
 * One checkout session. With `pollMs`, it is read again while still open, because the payment
 * provider confirms after the browser comes back (Stripe's webhook may arrive later).
 */
export function useCheckoutSession(id: string, { pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: billingQueryKeys.checkoutSession(id),
    queryFn: async (): Promise<CheckoutSessionView> => {
      const message = 'Failed to load the checkout.';
      const data = await apiFetch<unknown>(sessionPath(id), { fallbackMessage: message });
      return parseReply(checkoutSessionViewSchema, data, message);
    },
    refetchInterval: (query) =>
      pollMs !== undefined && query.state.data?.status === 'open' ? pollMs : false,
    // Not found stays not found; other failures are worth another try.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/** Only app-relative paths are followed (no open redirect through the server's reply). */
function appPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/create';
}

/** Pay or cancel on the sandbox checkout page, then go where the server says. */
export function useSandboxCheckout(id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (action: 'pay' | 'cancel') => {
      const message = action === 'pay' ? 'Payment failed. Please try again' : 'Failed to cancel.';
      const data = await apiFetch<unknown>(
        `/api/billing/sandbox/checkout-sessions/${encodeURIComponent(id)}/${action}`,
        { method: 'POST', fallbackMessage: message },
      );
      return parseReply(sandboxCheckoutResultSchema, data, message);
    },
    onSuccess: async ({ session, redirectUrl }) => {
      queryClient.setQueryData(billingQueryKeys.checkoutSession(id), session);
      await refreshBillingState(queryClient);
      navigate(appPath(redirectUrl));
    },
  });
}

/**
 * `onChanged` runs from the mutation itself, not from the button that started it: the new state
 * replaces that button (cancel becomes resume), and a caller's own callback would never run.
 */
function useSubscriptionChange(
  action: 'cancel' | 'resume',
  fallbackMessage: string,
  onChanged?: (state: SubscriptionState) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<SubscriptionState> => {
      const data = await apiFetch<unknown>(`/api/billing/subscription/${action}`, {
        method: 'POST',
        fallbackMessage,
      });
      return parseReply(subscriptionStateSchema, data, fallbackMessage);
    },
    onSuccess: async (state) => {
      onChanged?.(state);
      queryClient.setQueryData(billingQueryKeys.subscription, state);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

export function useCancelSubscription(onCanceled?: (state: SubscriptionState) => void) {
  return useSubscriptionChange(
    'cancel',
    'Failed to cancel your subscription. Please try again',
    onCanceled,
  );
}

export function useResumeSubscription(onResumed?: (state: SubscriptionState) => void) {
  return useSubscriptionChange(
    'resume',
    'Failed to resume your subscription. Please try again',
    onResumed,
  );
}
