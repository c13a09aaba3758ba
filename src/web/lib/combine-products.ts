/**
 * 'Combine into one product' (POST /api/products/combine, src/domain/api/product-photos.ts),
 * shared by the review screen and the library: the kept product takes the others' photos, the
 * others leave both lists, and the credits of the drafts merged away come back.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  combineResponseSchema,
  type CombineRequest,
  type CombineResponse,
} from '#domain/api/product-photos';
import type { Product } from '#domain/products';
import { ApiError, apiFetch } from './api-client';
import { removeFromLibrary, updateLibraryProducts } from './library';
import { updateLoadedProductList } from './products';
import { profileQueryKey } from './profile';

export const COMBINE_FAILED_MESSAGE = 'Failed to combine the products';

/** 'Combined into one product. 2 credits returned.' */
export function combinedMessage(refundedCredits: number): string {
  if (refundedCredits === 0) return 'Combined into one product.';
  const credits = refundedCredits === 1 ? '1 credit' : `${refundedCredits} credits`;
  return `Combined into one product. ${credits} returned.`;
}

/** The kept product replaces itself where it stands; the merged ones leave every list. */
function applyCombined(queryClient: QueryClient, reply: CombineResponse): void {
  const removed = new Set(reply.removedProductIds);
  const update = (products: Product[]) =>
    products
      .filter((product) => !removed.has(product.id))
      .map((product) => (product.id === reply.product.id ? reply.product : product));
  updateLoadedProductList(queryClient, update);
  for (const id of removed) removeFromLibrary(queryClient, id);
  updateLibraryProducts(queryClient, update);
}

/**
 * Combines products, in the order given: the first keeps its listing, its main photo and the
 * seller's edits. `beforeCombine` sends edits still waiting; `onCombined` lets the screen forget
 * what it kept for the removed products (selection, unsent edits).
 */
export function useCombineProducts({
  beforeCombine,
  onCombined,
}: {
  beforeCombine?: () => Promise<void>;
  onCombined?: (reply: CombineResponse) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productIds: readonly string[]) => {
      await beforeCombine?.();
      const body: CombineRequest = { productIds: [...productIds] };
      return apiFetch('/api/products/combine', combineResponseSchema, {
        method: 'POST',
        body,
        // The kept product is drafted again from every photo.
        timeoutMs: 120_000,
        fallbackMessage: COMBINE_FAILED_MESSAGE,
      });
    },
    onSuccess: (reply) => {
      applyCombined(queryClient, reply);
      onCombined?.(reply);
      toast.success(combinedMessage(reply.refundedCredits));
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onError: (error) => {
      toast.error(error instanceof ApiError ? error.message : COMBINE_FAILED_MESSAGE);
    },
  });
}
