/**
 * The seller's Google Merchant Center feed (ADR 037): settings, the private address (a secret
 * token in the URL, only its SHA-256 stored), what the feed holds and leaves out, and the feed
 * itself, streamed a batch of products at a time so memory stays flat however large it is.
 */
import { createHash, randomBytes } from 'node:crypto';
import { feedExclusion, googleFeedWriter, type GoogleFeedFormat } from '#domain/google-feed.js';
import {
  feedTokenSchema,
  pageFromTemplate,
  type FeedAddress,
  type FeedSettings,
  type FeedStatus,
} from '#domain/merchant-feed.js';
import { toExportProduct, type Product } from '#domain/products.js';
import type { ExportProduct } from '#domain/product.js';
import { HttpError } from '../http/errors.js';
import { toProduct, type ProductRow } from '../catalog/index.js';
import type { FeedRepository } from './feed-repository.js';
import { productPages, type ProductPageSource } from './product-pages.js';

/** Products read, linked and written per chunk of the stream. */
const FEED_BATCH = 200;

export const FEED_NOT_FOUND_MESSAGE = 'Feed not found';

export interface FeedServiceDeps {
  feeds: FeedRepository;
  /** The seller's products the feed lists (their library), newest first, read in batches. */
  products(userId: string): AsyncIterable<ProductRow>;
  /** Where products are published, in order of preference (Shopify, then WooCommerce…). */
  pageSources: readonly ProductPageSource[];
  appUrl: string;
  now: () => Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface LinkedProduct {
  product: ExportProduct;
  link: string | null;
}

export function createFeedService(deps: FeedServiceDeps) {
  const { feeds, appUrl, now } = deps;

  /** The seller's generated products in batches, each with its page (publication or template). */
  async function* linkedBatches(userId: string, template: string): AsyncGenerator<LinkedProduct[]> {
    let batch: Product[] = [];
    const link = async (products: Product[]) => {
      const pages = await productPages(
        deps.pageSources,
        userId,
        products.map((product) => product.id),
      );
      return products.map((product) => ({
        product: toExportProduct(product, appUrl),
        link: pages.get(product.id) ?? pageFromTemplate(template, product),
      }));
    };
    for await (const row of deps.products(userId)) {
      if (row.generationState !== 'ready') continue;
      batch.push(toProduct(row));
      if (batch.length === FEED_BATCH) {
        yield await link(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield await link(batch);
  }

  function addressOf(token: string): FeedAddress {
    const base = `${appUrl}/api/google-feed/${token}/products`;
    return { tsvUrl: `${base}.tsv`, xmlUrl: `${base}.xml` };
  }

  async function stream(userId: string, format: GoogleFeedFormat): Promise<AsyncIterable<string>> {
    const { settings } = await feeds.find(userId);
    const writer = googleFeedWriter(format, {
      title: 'Listsmith products',
      link: appUrl,
      currency: settings.currency,
    });
    const batches = linkedBatches(userId, settings.pageTemplate);
    return (async function* () {
      yield writer.header;
      for await (const batch of batches) {
        const chunk = batch.map(({ product, link }) => writer.product(product, link)).join('');
        if (chunk) yield chunk;
      }
      if (writer.footer) yield writer.footer;
    })();
  }

  return {
    async status(userId: string): Promise<FeedStatus> {
      const { settings, hasAddress } = await feeds.find(userId);
      const status: FeedStatus = { settings, hasAddress, included: 0, excluded: [] };
      for await (const batch of linkedBatches(userId, settings.pageTemplate)) {
        for (const { product, link } of batch) {
          const reason = feedExclusion(product, link);
          if (reason === null) {
            status.included += 1;
            continue;
          }
          const entry = status.excluded.find((item) => item.reason === reason);
          if (entry) entry.count += 1;
          else status.excluded.push({ reason, count: 1 });
        }
      }
      return status;
    },

    async saveSettings(userId: string, settings: FeedSettings): Promise<FeedStatus> {
      await feeds.saveSettings(userId, settings, now());
      return this.status(userId);
    },

    /** A new private address; the previous one (if any) stops answering. Shown only now. */
    async createAddress(userId: string): Promise<FeedAddress> {
      const token = randomBytes(32).toString('base64url');
      await feeds.setTokenHash(userId, hashToken(token), now());
      return addressOf(token);
    },

    async revokeAddress(userId: string): Promise<void> {
      await feeds.setTokenHash(userId, null, now());
    },

    /** The signed-in seller's feed, as a download. */
    download: stream,

    /** The feed a private address names; 404 for a token unknown, malformed or revoked. */
    async byToken(token: unknown, format: GoogleFeedFormat): Promise<AsyncIterable<string>> {
      const parsed = feedTokenSchema.safeParse(token);
      const owner = parsed.success ? await feeds.ownerOf(hashToken(parsed.data)) : undefined;
      if (owner === undefined) throw new HttpError(404, FEED_NOT_FOUND_MESSAGE);
      return stream(owner, format);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
