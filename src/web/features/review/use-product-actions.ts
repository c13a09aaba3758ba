import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { RegenerateField } from '#domain/listing-draft';
import { PHOTO_MISSING } from '#domain/product-photos';
import type { Product } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import { profileQueryKey } from '#web/lib/profile';
import { refreshLibrary, removeFromLibrary } from '#web/lib/library';
import { productsQueryKey, removeProduct, upsertProducts } from '#web/lib/products';
import {
  CONFIRM_CATEGORY_FAILED_MESSAGE,
  DELETE_FAILED_MESSAGE,
  FINISH_REVIEW_FAILED_MESSAGE,
  REGENERATE_FAILED_MESSAGE,
  reviewApi,
} from './api';
import { cachedProducts, replaceCachedProduct, restoreCachedProduct } from './product-cache';
import { useAutosaver } from './use-product-autosave';

/** Spec §4 "Regenerate": shown when the same field fails to regenerate more than once. */
export const REPEATED_FAILURE_MESSAGE =
  'Hmm...something seems to have gone wrong. Please try uploading again.';

/** Lets the screen wait for deletions before deciding the list is empty for good. */
export const deleteProductMutationKey = ['review', 'delete-product'] as const;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Optimistic delete: gone from the list at once, put back where it was if the server refuses. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  return useMutation({
    mutationKey: deleteProductMutationKey,
    mutationFn: (id: string) => reviewApi.deleteProduct(id),
    onMutate: (id: string) => {
      const products = cachedProducts(queryClient);
      const index = products.findIndex((product) => product.id === id);
      removeProduct(queryClient, id);
      removeFromLibrary(queryClient, id);
      return { removed: products[index], index };
    },
    onSuccess: (_result, id) => {
      autosaver.discard(id);
      // Deleting a product still being generated gives its credit back.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onError: (error, _id, context) => {
      if (context?.removed) restoreCachedProduct(queryClient, context.removed, context.index);
      // A library page cannot say where the product stood; the refetch puts it back.
      void refreshLibrary(queryClient);
      toast.error(messageOf(error, DELETE_FAILED_MESSAGE));
    },
  });
}

export const SAVED_TO_LIBRARY_TOAST = 'Products saved to library';

/** Premium: edits still waiting are sent, the review list is closed and the library opens. */
export function useFinishReview() {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await autosaver.flushAll();
      return reviewApi.finishReview();
    },
    onSuccess: () => {
      toast.success(SAVED_TO_LIBRARY_TOAST);
      navigate('/library');
      // Marked stale, not refetched: an empty list on this screen would send the seller to /create.
      void queryClient.invalidateQueries({ queryKey: productsQueryKey, refetchType: 'none' });
      void refreshLibrary(queryClient);
    },
    onError: (error) => toast.error(messageOf(error, FINISH_REVIEW_FAILED_MESSAGE)),
  });
}

/** Failed products back to pending (one credit reserved again each). */
export function useRetryProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const outcomes = await Promise.allSettled(ids.map((id) => reviewApi.retryProduct(id)));
      const retried = outcomes.flatMap((outcome) =>
        outcome.status === 'fulfilled' ? [outcome.value] : [],
      );
      upsertProducts(queryClient, retried);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
      return retried;
    },
  });
}

export function retryErrorMessage(error: unknown): string {
  return messageOf(error, 'Failed to retry generating this product');
}

/** The seller's choice of category, saved at once; the card follows the server's copy. */
export function useConfirmCategory(productId: string) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  return useMutation({
    mutationFn: async (categoryId: string) => {
      // Edits still waiting go first, so their answer cannot land after this newer copy.
      await autosaver.flush(productId);
      return reviewApi.confirmCategory(productId, categoryId);
    },
    onSuccess: (product) => replaceCachedProduct(queryClient, product),
  });
}

export function confirmCategoryErrorMessage(error: unknown): string {
  return messageOf(error, CONFIRM_CATEGORY_FAILED_MESSAGE);
}

export interface RegenerateFieldState {
  loading: boolean;
  error: string | null;
}

const IDLE_FIELD: RegenerateFieldState = { loading: false, error: null };

/** Per-field regenerate with its own loading flag, error and count of failures in a row. */
export function useRegenerateField(productId: string) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  const [fields, setFields] = useState<Record<RegenerateField, RegenerateFieldState>>({
    title: IDLE_FIELD,
    description: IDLE_FIELD,
  });
  const [failures, setFailures] = useState<Record<RegenerateField, number>>({
    title: 0,
    description: 0,
  });

  const regenerate = useCallback(
    async (field: RegenerateField, shown: Pick<Product, 'title' | 'description'>) => {
      setFields((current) => ({ ...current, [field]: { loading: true, error: null } }));
      try {
        // Edits go first, so the server regenerates from what the seller sees.
        await autosaver.flush(productId);
        const { product } = await reviewApi.regenerate({
          productId,
          field,
          title: shown.title,
          description: shown.description,
        });
        autosaver.forgetField(productId, field);
        replaceCachedProduct(queryClient, product);
        setFailures((current) => ({ ...current, [field]: 0 }));
        setFields((current) => ({ ...current, [field]: IDLE_FIELD }));
      } catch (error) {
        const count = failures[field] + 1;
        setFailures((current) => ({ ...current, [field]: count }));
        // A photo gone from storage fails every time: its message says what to do instead.
        const lasting = error instanceof ApiError && error.code === PHOTO_MISSING.code;
        const message =
          count > 1 && !lasting
            ? REPEATED_FAILURE_MESSAGE
            : messageOf(error, REGENERATE_FAILED_MESSAGE);
        setFields((current) => ({ ...current, [field]: { loading: false, error: message } }));
      }
    },
    [autosaver, failures, productId, queryClient],
  );

  return { fields, regenerate };
}
