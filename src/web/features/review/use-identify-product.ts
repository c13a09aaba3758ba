import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentifyRequest } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import { IDENTIFY_FAILED_MESSAGE, reviewApi } from './api';
import { replaceCachedProduct } from './product-cache';
import { useAutosaver } from './use-product-autosave';

/** The seller names the product; the card follows the re-drafted copy the server answers. */
export function useIdentifyProduct(productId: string) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  return useMutation({
    mutationFn: async (request: IdentifyRequest) => {
      // Edits still waiting go first: they decide which fields are the seller's.
      await autosaver.flush(productId);
      return reviewApi.identifyProduct(productId, request);
    },
    onSuccess: (product) => replaceCachedProduct(queryClient, product),
  });
}

export function identifyErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : IDENTIFY_FAILED_MESSAGE;
}
