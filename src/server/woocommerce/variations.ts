/**
 * A variable product's variations brought in line with our variant rows (ADR 022): matched by
 * their option values, so a re-publish, or a retry after a lost answer, updates the variations
 * the store has instead of adding a second set; rows gone are deleted. Sent through the batch
 * endpoint, at most 100 changes a request (WooCommerce's batch limit).
 */
import { variationKey, type WooVariationInput } from '#domain/woocommerce-publish.js';
import { HttpError } from '../http/errors.js';
import type { StoreAccess } from './gateway.js';
import { batchSchema, variationListSchema, type WooVariation } from './reply-schemas.js';
import type { RestClient } from './rest-client.js';

const PAGE = 100;
const BATCH_LIMIT = 100;

async function currentVariations(
  client: RestClient,
  store: StoreAccess,
  productId: number,
): Promise<WooVariation[]> {
  const all: WooVariation[] = [];
  for (let page = 1; ; page++) {
    const reply = await client.call(
      store,
      'GET',
      `/products/${productId}/variations?per_page=${PAGE}&page=${page}`,
      variationListSchema,
    );
    if (reply.kind !== 'ok') return all;
    all.push(...reply.data);
    if (reply.data.length < PAGE) return all;
  }
}

type Change =
  | { op: 'create'; item: WooVariationInput }
  | { op: 'update'; item: WooVariationInput & { id: number } }
  | { op: 'delete'; id: number };

export async function syncVariations(
  client: RestClient,
  store: StoreAccess,
  productId: number,
  wanted: WooVariationInput[],
  title: string,
): Promise<void> {
  const existing = await currentVariations(client, store, productId);
  const byKey = new Map(
    existing.map((variation) => [variationKey(variation.attributes), variation]),
  );
  const changes: Change[] = [];
  for (const item of wanted) {
    const key = variationKey(item.attributes);
    const match = byKey.get(key);
    if (match) {
      byKey.delete(key);
      changes.push({ op: 'update', item: { ...item, id: match.id } });
    } else changes.push({ op: 'create', item });
  }
  for (const variation of byKey.values()) changes.push({ op: 'delete', id: variation.id });

  for (let start = 0; start < changes.length; start += BATCH_LIMIT) {
    const chunk = changes.slice(start, start + BATCH_LIMIT);
    const body = {
      create: chunk.flatMap((change) => (change.op === 'create' ? [change.item] : [])),
      update: chunk.flatMap((change) => (change.op === 'update' ? [change.item] : [])),
      delete: chunk.flatMap((change) => (change.op === 'delete' ? [change.id] : [])),
    };
    const reply = await client.call(
      store,
      'POST',
      `/products/${productId}/variations/batch`,
      batchSchema,
      body,
    );
    const failed =
      reply.kind === 'refused'
        ? reply.message
        : [...(reply.data.create ?? []), ...(reply.data.update ?? []), ...(reply.data.delete ?? [])]
            .flatMap((item) => (item.error ? [item.error.message] : []))
            .join(' ');
    if (failed) {
      throw new HttpError(
        422,
        `WooCommerce did not accept the variants of “${title}”: ${failed}`,
        'woocommerce-refused-variations',
      );
    }
  }
}
