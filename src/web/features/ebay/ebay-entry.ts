/**
 * What goes to eBay for one product, as the card and the publish dialog show it: eBay's title
 * (cut to 80 characters), the price exactly as sent, the category, each required item specific
 * with the value Listsmith would send, and what eBay still needs. Judged here from the card's
 * product as the seller edits it, with the domain's rules the server checks again.
 */
import type { EbayAspectsReply } from '#domain/api/ebay';
import {
  ebayNeeds,
  ebayPrice,
  ebayTitle,
  knownAspectValue,
  knownFacts,
} from '#domain/ebay-listing';
import { exportTitle } from '#domain/export-common';
import { attributeValue } from '#domain/product-attributes';
import { toExportProduct, type Product } from '#domain/products';
import { readinessNeeds } from '#domain/readiness';

/** A selection publishes at most this many: each is checked against eBay before anything goes. */
export const EBAY_PUBLISH_MAX = 100;

export interface EbayAspectRow {
  name: string;
  mode: 'FREE_TEXT' | 'SELECTION_ONLY';
  values: string[];
  /** What would be sent: the seller's value, else one Listsmith read (brand from the label). */
  value: string | null;
  /** The value is the seller's own (a confirmed attribute of that name). */
  sellers: boolean;
}

export interface EbayEntry {
  product: Product;
  title: string;
  /** eBay's title is shorter than the product's name. */
  cut: boolean;
  /** '39.99', or '' without a price. */
  price: string;
  category: EbayAspectsReply['categories'][number] | null;
  required: EbayAspectRow[];
  /** What publishing asks for first ('condition', 'Brand'); empty when it can go. */
  needs: string[];
}

export function ebayEntry(product: Product, reply: EbayAspectsReply): EbayEntry {
  // Image addresses only need to be present here, not absolute: any origin will do.
  const exported = toExportProduct(product, 'https://listsmith.invalid');
  const facts = knownFacts(exported, product.confirmedAttributes);
  const name = exportTitle(exported);
  const title = ebayTitle(name);
  const category = reply.categories.find((entry) => entry.id === reply.categoryId) ?? null;
  return {
    product,
    title,
    cut: title !== name,
    price: ebayPrice(exported.price),
    category,
    required: reply.aspects
      .filter((aspect) => aspect.required)
      .map((aspect) => ({
        name: aspect.name,
        mode: aspect.mode,
        values: aspect.values,
        value: knownAspectValue(aspect, facts),
        sellers: attributeValue(product.confirmedAttributes, aspect.name) !== null,
      })),
    needs: reply.categoryId === null ? ['category'] : ebayNeeds(exported, reply.aspects, facts),
  };
}

/** The card's line: what the readiness chip asks already ('a name', 'a price') left out. */
export function cardNeeds(entry: EbayEntry): string[] {
  const asked = readinessNeeds(entry.product);
  return entry.needs.filter(
    (need) =>
      !(need === 'title' && asked.includes('a name')) &&
      !(need === 'price' && asked.includes('a price')),
  );
}

/** '$39.99' as the card shows prices; '—' without one. */
export function shownPrice(price: string): string {
  return price === '' ? '—' : `$${price}`;
}

/** The finished run in words: '1 product listed on eBay and 2 saved as drafts.' */
export function describeEbayOutcome(live: number, drafts: number): string {
  const products = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;
  if (live === 0)
    return `${products(drafts)} saved on eBay as ${drafts === 1 ? 'a draft' : 'drafts'}.`;
  if (drafts === 0) return `${products(live)} listed on eBay.`;
  return `${products(live)} listed on eBay and ${drafts} saved as ${drafts === 1 ? 'a draft' : 'drafts'}.`;
}
