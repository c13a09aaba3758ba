/**
 * A product's life and its status in a store, as plain constants: the profile contract (loaded
 * on first paint) names them without pulling in the product schemas.
 */

/**
 * `draft` (on the review list), `saved` (in the library), `published` (sent to a store).
 * Premium products are saved as they are generated.
 */
export const PRODUCT_STATUSES = ['draft', 'saved', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The status a listing gets in the store (Shopify's product status; Squarespace's visibility). */
export const STORE_STATUSES = ['active', 'draft', 'archived'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
