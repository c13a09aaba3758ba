import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { EbayPublishReply } from '#domain/api/ebay';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import type { EbayPublishStatus } from '#domain/ebay-listing';
import type { Product } from '#domain/products';
import { publishInTurn } from '#web/components/store-channel/publish-in-turn';
import type { PublishRow } from '#web/components/store-channel/publish-progress';
import { ebayApi } from './api';
import { EBAY_PUBLISH_MAX, describeEbayOutcome, ebayEntry, type EbayEntry } from './ebay-entry';
import { aspectsKey, useEbayCategoryChoice } from './use-ebay';

export type EbayPhase = 'checking' | 'choose' | 'running' | 'done' | 'failed';

export const EBAY_DONE_TOAST = 'Products have been sent to eBay.';

/**
 * A publish run to eBay: the products loaded and each checked against its category's required
 * item specifics (what the card read), so the dialog shows what goes and what is missing before
 * anything is sent; then the products eBay has everything for, one at a time, stopping at the
 * first failure with the product's name and eBay's words.
 */
export function useEbayPublish({
  load,
  onPublished,
}: {
  load(): Promise<Product[]>;
  onPublished?(product: Product): void;
}) {
  const queryClient = useQueryClient();
  const chosen = useEbayCategoryChoice((state) => state.chosen);
  const [phase, setPhase] = useState<EbayPhase>('checking');
  const [entries, setEntries] = useState<EbayEntry[]>([]);
  const [rows, setRows] = useState<PublishRow[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function check() {
    setPhase('checking');
    setNote(null);
    try {
      const products = await load();
      if (products.length === 0) throw new Error(PUBLISH_MESSAGES.noProducts);
      if (products.length > EBAY_PUBLISH_MAX) {
        throw new Error(
          `eBay takes up to ${EBAY_PUBLISH_MAX} products at a time from Listsmith. Select fewer, then publish again.`,
        );
      }
      const checked: EbayEntry[] = [];
      for (const product of products) {
        const categoryId = chosen[product.id] ?? null;
        const reply = await queryClient.fetchQuery({
          queryKey: aspectsKey(product.id, categoryId),
          queryFn: () => ebayApi.aspects(product.id, categoryId),
          staleTime: 10 * 60_000,
        });
        checked.push(ebayEntry(product, reply));
      }
      setEntries(checked);
    } catch (error) {
      setNote(error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.failed);
    }
    setPhase('choose');
  }

  async function run(status: EbayPublishStatus, quantity: number) {
    const ready = entries.filter((entry) => entry.needs.length === 0 && entry.category);
    setRows(ready.map(({ product, title }) => ({ id: product.id, title, state: 'waiting' })));
    setNote(null);
    setPhase('running');
    const statuses: EbayPublishReply['status'][] = [];
    const failure = await publishInTurn(ready, setRows, async ({ product, category }) => {
      const reply = await ebayApi.publishProduct({
        productId: product.id,
        categoryId: category!.id,
        status,
        quantity,
      });
      statuses.push(reply.status);
      onPublished?.(reply.product);
      return { adminUrl: reply.listingUrl };
    });
    if (failure !== null) {
      setNote(failure);
      setPhase('failed');
      return;
    }
    const live = statuses.filter((value) => value === 'live').length;
    setOutcome(describeEbayOutcome(live, statuses.length - live));
    setPhase('done');
    toast.success(EBAY_DONE_TOAST);
  }

  return {
    phase,
    entries,
    rows,
    note,
    outcome,
    busy: phase === 'running' || phase === 'checking',
    check,
    run,
    /** After a failure: checked again, as the seller may have filled what eBay refused. */
    back: () => void check(),
  };
}
