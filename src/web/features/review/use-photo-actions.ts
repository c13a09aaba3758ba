import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PhotoGroup } from '#domain/api/product-photos';
import type { Product, ProductPhoto } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import { refreshLibrary } from '#web/lib/library';
import { profileQueryKey } from '#web/lib/profile';
import {
  DISMISS_FAILED_MESSAGE,
  REORDER_FAILED_MESSAGE,
  reviewApi,
  SPLIT_FAILED_MESSAGE,
} from './api';
import { placeSplitProducts, replaceCachedProduct } from './product-cache';
import { useAutosaver } from './use-product-autosave';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The photos in the order of `imageIds`; ids it does not name keep their place after them. */
function inOrder(photos: readonly ProductPhoto[], imageIds: readonly string[]): ProductPhoto[] {
  const byId = new Map(photos.map((photo) => [photo.imageId, photo]));
  const ordered = imageIds.flatMap((id) => byId.get(id) ?? []);
  return [...ordered, ...photos.filter((photo) => !imageIds.includes(photo.imageId))];
}

/** `photos` with the one at `from` moved to `to` (both clamped to the list). */
export function movePhoto<T>(photos: readonly T[], from: number, to: number): T[] {
  const moved = [...photos];
  const target = Math.max(0, Math.min(to, moved.length - 1));
  const [photo] = moved.splice(from, 1);
  if (photo === undefined) return moved;
  moved.splice(target, 0, photo);
  return moved;
}

/**
 * Reordering the photos (the first is the main one). The card shows the new order at once and
 * the server's copy when it answers; orders of one product are sent one after another, so a
 * quick second move cannot be overtaken by the first's answer. A refusal puts the order back.
 */
export function useReorderPhotos(product: Product) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  const mutation = useMutation({
    scope: { id: `photos-${product.id}` },
    mutationFn: async (imageIds: readonly string[]) => {
      // Edits go first, so their answer (with the old order) cannot land after this one.
      await autosaver.flush(product.id);
      return reviewApi.reorderPhotos(product.id, imageIds);
    },
    onSuccess: (saved) => replaceCachedProduct(queryClient, saved),
    onError: (error) => toast.error(messageOf(error, REORDER_FAILED_MESSAGE)),
  });
  const photos =
    mutation.isPending && mutation.variables
      ? inOrder(product.photos, mutation.variables)
      : product.photos;
  const move = (from: number, to: number) => {
    if (from === to) return;
    mutation.mutate(movePhoto(photos, from, to).map((photo) => photo.imageId));
  };
  return { photos, move };
}

/** 'Split into 3 products.' */
export function splitMessage(count: number): string {
  return `Split into ${count} products.`;
}

/** Undoes a combination; the new products follow the original in the list. */
export function useSplitProduct(productId: string) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  return useMutation({
    mutationFn: async () => {
      await autosaver.flush(productId);
      return reviewApi.splitProduct(productId);
    },
    onSuccess: (products) => {
      placeSplitProducts(queryClient, products);
      void refreshLibrary(queryClient);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      toast.success(splitMessage(products.length));
    },
    onError: (error) => toast.error(messageOf(error, SPLIT_FAILED_MESSAGE)),
  });
}

const photoGroupsQueryKey = ['photo-groups'] as const;

/**
 * Suggested groups of look-alike drafts, asked for once the drafts are all generated and again
 * whenever the set of drafts changes (a combination, a split, a deletion, an upload). Groups
 * naming a product no longer in the list are not shown.
 */
export function usePhotoGroups(products: readonly Product[]) {
  const settled = products.every((product) => product.generation.state !== 'pending');
  const ready = products.filter((product) => product.generation.state === 'ready');
  const readyIds = new Set(ready.map((product) => product.id));
  const signature = [...readyIds].sort().join(' ');
  const query = useQuery({
    queryKey: [...photoGroupsQueryKey, signature],
    queryFn: () => reviewApi.photoGroups(),
    enabled: settled && ready.length > 1,
    placeholderData: keepPreviousData,
  });
  const dismiss = useDismissPhotoGroup();
  const dismissed = dismiss.isPending ? dismiss.variables.id : null;
  const groups = (settled && ready.length > 1 ? (query.data ?? []) : []).filter(
    (group) => group.id !== dismissed && group.productIds.every((id) => readyIds.has(id)),
  );
  return { groups, dismiss };
}

/** 'Not one product': hidden at once, and not suggested again. */
function useDismissPhotoGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: PhotoGroup) => reviewApi.dismissPhotoGroup(group.productIds),
    onSuccess: (_reply, group) => {
      queryClient.setQueriesData<PhotoGroup[]>({ queryKey: photoGroupsQueryKey }, (groups) =>
        groups?.filter((existing) => existing.id !== group.id),
      );
    },
    onError: (error) => toast.error(messageOf(error, DISMISS_FAILED_MESSAGE)),
  });
}
