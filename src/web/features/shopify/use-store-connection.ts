/**
 * Calls the store connection makes: the OAuth state, disconnect, the sandbox store's Install;
 * publishing a product, and the sandbox store's admin list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectedStoresReplySchema,
  OAUTH_INITIATE_FAILED_MESSAGE,
  OAUTH_STATE_FAILED_MESSAGE,
  oauthStateReplySchema,
  PUBLISH_MESSAGES,
  publishProductReplySchema,
  sandboxAdminReplySchema,
  sandboxAuthorizeReplySchema,
  type PublishProductReply,
  type PublishProductRequest,
} from '#domain/api/shopify';
import { ApiError, apiFetch } from '#web/lib/api-client';
import { profileQueryKey } from '#web/lib/profile';

/** The browser leaving for another page (a seam for tests). */
export const storeNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only http(s) addresses or app-relative paths are followed. */
function followable(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Asks for a state for `shop`, then sends the browser to the store's consent page. */
export function useConnectStore() {
  return useMutation({
    mutationFn: async (shop: string) => {
      const reply = await apiFetch('/api/shopify/oauth-state', oauthStateReplySchema, {
        method: 'POST',
        body: { shop },
        fallbackMessage: OAUTH_STATE_FAILED_MESSAGE,
      });
      if (!followable(reply.authorizeUrl)) {
        throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE);
      }
      try {
        storeNavigation.assign(reply.authorizeUrl);
      } catch (error) {
        throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE, undefined, { cause: error });
      }
      return reply;
    },
  });
}

export function useDisconnectStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) =>
      apiFetch(`/api/shopify/stores/${encodeURIComponent(storeId)}`, connectedStoresReplySchema, {
        method: 'DELETE',
        fallbackMessage: 'Failed to disconnect the store. Please try again.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** Install on the sandbox store's consent page: back to Listsmith's callback, signed. */
export function useSandboxInstall() {
  return useMutation({
    mutationFn: async (request: { shop: string; state: string; redirectUri: string }) => {
      const { redirectUrl } = await apiFetch(
        '/api/shopify/sandbox/authorize',
        sandboxAuthorizeReplySchema,
        { method: 'POST', body: request, fallbackMessage: OAUTH_INITIATE_FAILED_MESSAGE },
      );
      if (!followable(redirectUrl)) throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE);
      storeNavigation.assign(redirectUrl);
    },
  });
}

/** One product to one store (the dialog sends them one at a time). */
export function publishProduct(request: PublishProductRequest): Promise<PublishProductReply> {
  return apiFetch('/api/shopify/publish-product', publishProductReplySchema, {
    method: 'POST',
    body: request,
    // Shopify's rate limits are waited out on the server: give it time.
    timeoutMs: 2 * 60_000,
    fallbackMessage: PUBLISH_MESSAGES.failed,
  });
}

/** What the sandbox store holds, for its test-mode admin page. */
export function useSandboxAdminProducts(shop: string) {
  return useQuery({
    queryKey: ['shopify-sandbox-admin', shop],
    queryFn: () =>
      apiFetch(
        `/api/shopify/sandbox/stores/${encodeURIComponent(shop)}/products`,
        sandboxAdminReplySchema,
        { fallbackMessage: 'Failed to load the sandbox store’s products' },
      ),
  });
}
