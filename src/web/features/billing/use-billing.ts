/** The billing screens' server state: one checkout, the sandbox page's buttons, cancel/resume. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SubscriptionState } from '#domain/billing';
import { ApiError } from '#web/lib/api-client';
import { billingQueryKeys, refreshBillingState } from '#web/lib/billing';
import { profileQueryKey } from '#web/lib/profile';
import { billingApi, type SandboxCheckoutAction, type SubscriptionChange } from './api';

/**
 * One checkout session. With `pollMs`, it is read again while still open, because the payment
 * provider confirms after the browser comes back (Stripe's webhook may arrive later).
 */
export function useCheckoutSession(id: string, { pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: billingQueryKeys.checkoutSession(id),
    queryFn: () => billingApi.checkoutSession(id),
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
    mutationFn: (action: SandboxCheckoutAction) => billingApi.sandboxCheckout(id, action),
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
  action: SubscriptionChange,
  fallbackMessage: string,
  onChanged?: (state: SubscriptionState) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => billingApi.changeSubscription(action, fallbackMessage),
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
