/**
 * Where an imported product came from, as that store's own importer needs it to update the
 * product instead of adding another (issue 25 'Send it back', ADR 046). Written by a file of the
 * same format only; every other file gives the product a new handle and no store ids.
 *
 * - Shopify matches a product by its Handle.
 * - A single-variant product's SKU goes back too (Listsmith keeps SKUs on variants only).
 * - WooCommerce ('Update existing products') by ID, else by SKU; a row's SKU and Type are set on
 *   the product matched, so both go back as the file had them (a variable product stays one).
 * - Squarespace by Product ID and each row's Variant ID; its Product URL goes back unchanged.
 */
import { z } from 'zod';

/** What a reader keeps beside the product's key (productSources.identity, migration 029). */
export const sourceIdentitySchema = z.object({
  /**
   * The product's SKU: WooCommerce's (with the Type cell as the file had it), or the single
   * variant's of a Shopify or Squarespace product without options.
   */
  sku: z.string().optional(),
  type: z.string().optional(),
  /** Squarespace: the Product URL, and each variant's Variant ID by its option values. */
  url: z.string().optional(),
  variantIds: z.array(z.object({ values: z.array(z.string()), id: z.string() })).optional(),
});
export type SourceIdentity = z.infer<typeof sourceIdentitySchema>;
export type SourceVariantId = NonNullable<SourceIdentity['variantIds']>[number];

export type ExportSource =
  | { format: 'shopify'; handle: string; sku: string }
  | { format: 'woocommerce'; id: string; sku: string; type: string }
  | {
      format: 'squarespace';
      productId: string;
      url: string;
      sku: string;
      variantIds: SourceVariantId[];
    };

function identityOf(json: string): SourceIdentity {
  try {
    return sourceIdentitySchema.safeParse(JSON.parse(json)).data ?? {};
  } catch {
    return {};
  }
}

/** `'id:44'` → `['id', '44']`. */
function splitKey(key: string): [string, string] {
  const at = key.indexOf(':');
  return at === -1 ? ['', key] : [key.slice(0, at), key.slice(at + 1)];
}

/**
 * A stored source (its format, key and identity JSON) as the writers read it; null for a source
 * no file writes back to (a store read through its API).
 */
export function exportSourceOf(format: string, key: string, identity: string): ExportSource | null {
  const kept = identityOf(identity);
  const [kind, value] = splitKey(key);
  switch (format) {
    case 'shopify':
      return { format, handle: key, sku: kept.sku ?? '' };
    case 'woocommerce':
      return kind === 'id'
        ? { format, id: value, sku: kept.sku ?? '', type: kept.type ?? '' }
        : { format, id: '', sku: value, type: kept.type ?? '' };
    case 'squarespace':
      return {
        format,
        productId: kind === 'id' ? value : '',
        url: kind === 'url' ? value : (kept.url ?? ''),
        sku: kept.sku ?? '',
        variantIds: kept.variantIds ?? [],
      };
    default:
      return null;
  }
}

function valuesKey(values: readonly string[]): string {
  return values
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '')
    .join('\u001f');
}

/** The Variant ID the store gave the variant with these option values ('' for a new one). */
export function sourceVariantId(variantIds: readonly SourceVariantId[], values: readonly string[]) {
  const key = valuesKey(values);
  return variantIds.find((variant) => valuesKey(variant.values) === key)?.id ?? '';
}
