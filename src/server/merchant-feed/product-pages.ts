/**
 * Where a product can be seen, per channel: the `link` of a Google feed item. Each channel that
 * publishes products (Shopify now; WooCommerce when it publishes) supplies one source; app.ts
 * hands them to the feed, which never imports a channel.
 */
export interface ProductPageSource {
  /** The channel's name, for the logs. */
  readonly channel: string;
  /** The product page of each of `productIds` (the seller's) the channel knows; others absent. */
  pages(userId: string, productIds: readonly string[]): Promise<Map<string, string>>;
}

/** Each product's page from the first source that knows one (sources in order of preference). */
export async function productPages(
  sources: readonly ProductPageSource[],
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const source of sources) {
    const wanted = productIds.filter((id) => !found.has(id));
    if (wanted.length === 0) break;
    for (const [id, url] of await source.pages(userId, wanted)) found.set(id, url);
  }
  return found;
}
