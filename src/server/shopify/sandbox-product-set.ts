/**
 * The sandbox store's `productSet`, with Shopify's rules (ADR 024, ADR 031): an update by
 * `identifier.id`, or an upsert by `identifier.handle`; a blank title refused ("Title can't be
 * blank"); a handle given in the input must be free (HANDLE_NOT_UNIQUE since 2025-01); without
 * one, a new product's handle is its title's, with `-1`, `-2`… when that is taken, as Shopify
 * auto-increments ("potion", "potion-1"); files replaced wholesale. Over the rows of migrations
 * 018 and 021, scoped to one seller's shop.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProductSetFile, ProductSetInput } from '#domain/shopify-publish.js';
import { slugify } from '#domain/slug.js';
import type { Database } from '../db/schema.js';

export const PRODUCT_GID = 'gid://shopify/Product/';
export const MEDIA_GID = 'gid://shopify/MediaImage/';
const UPLOAD_SCHEME = 'sandbox-upload:';

/** A sandbox store: a shop name, as one seller connected it. */
export interface SandboxShop {
  sellerId: string;
  shop: string;
}

export type StoredProduct = Omit<ProductSetInput, 'files'> & { handle: string };

interface ProductSetUserError {
  field: string[];
  message: string;
  code: string;
}

export const numericId = () => String(randomInt(1e11, 1e12 - 1));

/** A staged target names its seller and shop: `sandbox-upload:{sellerId}/{shop}/{number}`. */
export const stagedUploadUrl = ({ sellerId, shop }: SandboxShop) =>
  `${UPLOAD_SCHEME}${sellerId}/${shop}/${numericId()}`;

export function stagedUpload(url: string): (SandboxShop & { mediaId: string }) | null {
  const match = /^sandbox-upload:([^/]+)\/([a-z0-9.-]+)\/(\d+)$/.exec(url);
  return match
    ? { sellerId: match[1]!, shop: match[2]!, mediaId: `${MEDIA_GID}${match[3]!}` }
    : null;
}

export function createSandboxProductSet(db: Kysely<Database>, now: () => Date) {
  const productsOf = ({ sellerId, shop }: SandboxShop) =>
    db
      .selectFrom('shopifySandboxProducts')
      .where('sellerId', '=', sellerId)
      .where('shopDomain', '=', shop);

  async function find(scope: SandboxShop, productGid: string) {
    const row = await productsOf(scope)
      .select(['id', 'data'])
      .where('id', '=', productGid)
      .executeTakeFirst();
    return row ? { id: row.id, data: JSON.parse(row.data) as StoredProduct } : undefined;
  }

  /** The shop's product with this handle (the sandbox keeps few: its rows are read). */
  async function idByHandle(scope: SandboxShop, handle: string): Promise<string | undefined> {
    const rows = await productsOf(scope).select(['id', 'data']).execute();
    return rows.find((row) => (JSON.parse(row.data) as StoredProduct).handle === handle)?.id;
  }

  /** Shopify's handle for a new product without one: the title's, auto-incremented when taken. */
  async function generatedHandle(scope: SandboxShop, title: string): Promise<string> {
    const base = slugify(title);
    let handle = base;
    for (let n = 1; await idByHandle(scope, handle); n++) handle = `${base}-${n}`;
    return handle;
  }

  /** productSet's `files`: kept ids stay, staged uploads are attached, the rest are deleted. */
  async function setFiles(scope: SandboxShop, productGid: string, files: ProductSetFile[]) {
    const kept: string[] = [];
    for (const file of files) {
      const staged = 'id' in file ? null : stagedUpload(file.originalSource);
      const id = 'id' in file ? file.id : staged?.mediaId;
      if (!id) return 'The file’s originalSource is not a staged upload of this store';
      const updated = await db
        .updateTable('shopifySandboxMedia')
        .set({
          productId: productGid,
          position: kept.length,
          ...('alt' in file ? { alt: file.alt } : {}),
        })
        .where('id', '=', id)
        .where('sellerId', '=', scope.sellerId)
        .where('shopDomain', '=', scope.shop)
        .where((eb) => eb.or([eb('productId', 'is', null), eb('productId', '=', productGid)]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return `File ${id} does not exist`;
      kept.push(id);
    }
    await db
      .deleteFrom('shopifySandboxMedia')
      .where('productId', '=', productGid)
      .$if(kept.length > 0, (query) => query.where('id', 'not in', kept))
      .execute();
    return null;
  }

  type Outcome = { productGid: string } | { userErrors: ProductSetUserError[] };
  const refuse = (field: string[], message: string, code: string): Outcome => ({
    userErrors: [{ field, message, code }],
  });

  return async function productSet(
    scope: SandboxShop,
    variables: Record<string, unknown>,
  ): Promise<Outcome> {
    const input = variables.input as ProductSetInput;
    const identifier = variables.identifier as { id?: string; handle?: string } | undefined;
    let id = identifier?.id;
    if (!id && identifier?.handle) id = await idByHandle(scope, identifier.handle);
    const existing = id ? await find(scope, id) : undefined;
    if (identifier?.id && !existing) {
      return refuse(['identifier', 'id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST');
    }
    if (typeof input.title !== 'string' || input.title.trim() === '') {
      return refuse(['input', 'title'], "Title can't be blank", 'INVALID_PRODUCT');
    }
    let handle = input.handle ?? existing?.data.handle ?? identifier?.handle;
    if (input.handle) {
      const holder = await idByHandle(scope, input.handle);
      if (holder && holder !== id) {
        return refuse(
          ['input', 'handle'],
          `Handle '${input.handle}' already in use. Please provide a new handle.`,
          'HANDLE_NOT_UNIQUE',
        );
      }
    }
    handle ??= await generatedHandle(scope, input.title);

    const { files, ...fields } = input;
    const data = JSON.stringify({ ...fields, handle } satisfies StoredProduct);
    const at = now().toISOString();
    if (id) {
      await db
        .updateTable('shopifySandboxProducts')
        .set({ data, updatedAt: at })
        .where('id', '=', id)
        .execute();
    } else {
      id = `${PRODUCT_GID}${numericId()}`;
      await db
        .insertInto('shopifySandboxProducts')
        .values({
          id,
          sellerId: scope.sellerId,
          shopDomain: scope.shop,
          data,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    if (files) {
      const failed = await setFiles(scope, id, files);
      if (failed) return refuse(['input', 'files'], failed, 'INVALID_INPUT');
    }
    return { productGid: id };
  };
}
