/**
 * 'Update in Shopify' (issue 25, 'Send it back'; ADR 045; Premium, as imports are): the products
 * of a library selection that came from one of the seller's connected stores are sent back with
 * only the fields that differ from what the store last had (src/domain/store-fields.ts), one
 * `productUpdate` each through the Shopify capability's port, which waits out throttling as
 * publishing does. After each product Shopify took, what was sent is kept as what the store has:
 * a retry after a lost answer compares with the same values, sends the same change and ends in
 * the same state, and a product with no change is up to date without a call. A product deleted
 * in the store is reported, never created again. When Shopify cannot be reached, the products
 * after it are not tried; a store to connect again answers 409 for the whole request.
 */
import { descriptionToHtml, isExportable } from '#domain/export-common.js';
import type { LibrarySelection } from '#domain/library.js';
import { CATALOGUE_IMPORT_MESSAGES } from '#domain/catalogue-import.js';
import { parseStoreFields, type StoreFields } from '#domain/store-fields.js';
import { storeUpdatePlan, type StoreUpdatePlan } from '#domain/store-update-plan.js';
import {
  STORE_UPDATE_MAX,
  STORE_UPDATE_MESSAGES,
  type StoreUpdateReply,
  type StoreUpdateRequest,
  type StoreUpdateResult,
} from '#domain/store-update.js';
import { HttpError } from '../http/errors.js';
import { toProduct, type CatalogAccess, type ProductRow } from '../catalog/index.js';
import type { StoreProductUpdates, StoreUpdater } from '../shopify/index.js';
import type { Taxonomy } from '../vision/index.js';
import { importedCategory } from './import-writer.js';
import type { StoreSource, StoreUpdateRepository } from './store-update-repository.js';

export interface StoreUpdateDeps {
  access: Pick<CatalogAccess, 'requirePremium'>;
  /** The library's rows a selection names (another seller's ids are absent). */
  selected(userId: string, selection: LibrarySelection): AsyncIterable<ProductRow>;
  stores: StoreProductUpdates;
  repository: StoreUpdateRepository;
  taxonomy: () => Taxonomy;
  log: { warn(details: object, message: string): void };
}

/** A product's source and what is known of the store's fields. */
interface Known {
  productGid: string;
  fields: StoreFields;
  /** Imported before the store's fields were kept: only title and description are known. */
  partial: boolean;
}

export function createStoreUpdate(deps: StoreUpdateDeps) {
  const { repository } = deps;
  const categoryOf = (text: string) => importedCategory(deps.taxonomy(), text)?.gid ?? null;

  /** The selection's products from the updater's store, and how many others it named. */
  async function storeRows(userId: string, selection: LibrarySelection, shop: string) {
    const rows: ProductRow[] = [];
    let others = 0;
    for await (const row of deps.selected(userId, selection)) {
      if (row.sourceShop === shop) rows.push(row);
      else others += 1;
    }
    return { rows, others };
  }

  /**
   * What the store last had of each product. A product imported before migration 028 kept
   * nothing: its title and description as the last import read them (their versions) stand in,
   * and its other fields are not compared, so not sent.
   */
  async function knownFields(sources: Map<string, StoreSource>, shop: string) {
    const unknown = [...sources.values()].filter((source) => source.storeFields === '{}');
    const text = await repository.importedText(unknown.map((source) => source.productId));
    const known = new Map<string, Known>();
    for (const source of sources.values()) {
      const stored = parseStoreFields(source.storeFields);
      const imported = text.get(source.productId);
      const fields =
        Object.keys(stored).length > 0
          ? stored
          : {
              title: imported?.title ?? '',
              descriptionHtml: descriptionToHtml(imported?.description ?? ''),
            };
      known.set(source.productId, {
        productGid: source.sourceKey.slice(shop.length + 1),
        fields,
        partial: fields.tags === undefined,
      });
    }
    return known;
  }

  async function send(
    userId: string,
    updater: StoreUpdater,
    row: ProductRow,
    plan: StoreUpdatePlan,
    known: StoreFields,
    result: StoreUpdateResult,
  ): Promise<StoreUpdateResult> {
    const outcome = await updater.update(plan.change);
    if (outcome.kind === 'deleted') {
      return { ...result, outcome: 'deleted', message: STORE_UPDATE_MESSAGES.deleted };
    }
    if (outcome.kind === 'refused') {
      deps.log.warn({ shop: updater.shop, refused: outcome.reason }, 'shopify refused an update');
      return {
        ...result,
        outcome: 'failed',
        message: `Shopify did not accept the change: ${outcome.reason}`,
      };
    }
    // What the store has now: the alt text only when Shopify took it.
    const after = outcome.altTextRefused
      ? { ...plan.after, images: known.images ?? [] }
      : plan.after;
    await repository.recordStoreFields(userId, row.id, JSON.stringify(after));
    return {
      ...result,
      outcome: 'updated',
      fields: outcome.altTextRefused
        ? plan.fields.filter((field) => field !== 'altText')
        : plan.fields,
      message: outcome.altTextRefused
        ? STORE_UPDATE_MESSAGES.altTextKept(outcome.altTextRefused)
        : result.message,
    };
  }

  return {
    /** POST /api/catalogue-imports/shopify/update */
    async update(userId: string, request: StoreUpdateRequest): Promise<StoreUpdateReply> {
      await deps.access.requirePremium(userId, CATALOGUE_IMPORT_MESSAGES.premium);
      const updater = await deps.stores.open(userId, request.shop);
      const { shop } = updater;
      const { rows, others } = await storeRows(userId, request.selection, shop);
      const sources = await repository.sources(
        userId,
        shop,
        rows.map((row) => row.id),
      );
      const known = await knownFields(sources, shop);
      const results: StoreUpdateResult[] = [];
      let notFromStore = others;
      let sent = 0;
      let stopped: string | null = null;
      for (const row of rows) {
        const source = known.get(row.id);
        if (!source) {
          notFromStore += 1;
          continue;
        }
        const plan = storeUpdatePlan(source.productGid, source.fields, toProduct(row), categoryOf);
        const { fields } = plan;
        const result: StoreUpdateResult = {
          productId: row.id,
          title: row.title,
          outcome: 'up-to-date',
          fields,
          message: source.partial ? STORE_UPDATE_MESSAGES.partlyKnown : null,
        };
        if (fields.length === 0) results.push(result);
        else if (!isExportable(row)) {
          results.push({ ...result, outcome: 'not-sent', message: STORE_UPDATE_MESSAGES.untitled });
        } else if (stopped !== null) {
          results.push({
            ...result,
            outcome: 'not-sent',
            message: STORE_UPDATE_MESSAGES.stopped(stopped),
          });
        } else if (sent >= STORE_UPDATE_MAX) {
          results.push({ ...result, outcome: 'not-sent', message: STORE_UPDATE_MESSAGES.tooMany });
        } else {
          sent += 1;
          try {
            results.push(await send(userId, updater, row, plan, source.fields, result));
          } catch (error) {
            // Shopify unreachable, busy or answering oddly: this product failed, the rest wait.
            // A store to connect again (409) is the whole request's answer.
            if (!(error instanceof HttpError) || error.statusCode < 500) throw error;
            stopped = error.message;
            results.push({ ...result, outcome: 'failed', message: error.message });
          }
        }
      }
      const count = (outcome: StoreUpdateResult['outcome']) =>
        results.filter((result) => result.outcome === outcome).length;
      return {
        shop,
        results,
        counts: {
          updated: count('updated'),
          upToDate: count('up-to-date'),
          deleted: count('deleted'),
          failed: count('failed'),
          notSent: count('not-sent'),
          notFromStore,
        },
      };
    },
  };
}

export type StoreUpdate = ReturnType<typeof createStoreUpdate>;
