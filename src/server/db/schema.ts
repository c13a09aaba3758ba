import type { ColumnType, Generated } from 'kysely';
import type { ProductStatus, StoreStatus } from '#domain/product-status.js';

/** Dates come back as Date on PostgreSQL and as strings on SQLite. */
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | string | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  planName: ColumnType<string, string | undefined, string>;
  fixedCredits: ColumnType<number, number | undefined, number>;
  subscriptionCredits: ColumnType<number, number | undefined, number>;
  /** When premium ended, the day the read-only library is deleted; null otherwise. (Migration 12.) */
  libraryDeleteAfter: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}

export interface SessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  userId: string;
  fixedDelta: number;
  subscriptionDelta: number;
  /** A LedgerReason (src/domain/billing.ts). */
  reason: string;
  /**
   * What a grant answers to (checkout session id, `<subscription>:<period end>`), unique when
   * set, so a payment confirmed twice grants once. Null for spends and refunds. (Migration 3.)
   */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
}

/** One per user who ever started a subscription checkout. (Migration 3.) */
export interface BillingAccountsTable {
  userId: string;
  provider: 'sandbox' | 'stripe';
  /** Stripe customer id; null in the sandbox. */
  customerId: string | null;
  subscriptionId: string | null;
  status: 'active' | 'past_due' | 'canceled' | null;
  cancelAtPeriodEnd: ColumnType<boolean | number, boolean | number, boolean | number>;
  currentPeriodEnd: Timestamp | null;
  updatedAt: Timestamp;
}

/** Every checkout a user started, whatever the provider. (Migration 3.) */
export interface CheckoutSessionsTable {
  /** Our id for sandbox sessions, Stripe's `cs_…` id for Stripe sessions. */
  id: string;
  userId: string;
  provider: 'sandbox' | 'stripe';
  /** A BillingItemKey. */
  itemKey: string;
  priceId: string;
  status: 'open' | 'complete' | 'expired';
  /** App-relative path the user started from, for the way back after cancel. */
  returnPath: string | null;
  createdAt: Timestamp;
  completedAt: Timestamp | null;
}

/** Webhook events already applied, so a redelivery changes nothing. (Migration 3.) */
export interface ProcessedEventsTable {
  /** Stripe's event id; `shopify:{X-Shopify-Event-Id}` for Shopify's webhooks (migration 16). */
  id: string;
  provider: 'stripe' | 'shopify';
  type: string;
  processedAt: Timestamp;
}

export interface ProductsTable {
  id: string;
  userId: string;
  imageId: string;
  fileName: string;
  batchPosition: ColumnType<number, number | undefined, number>;
  title: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  priceCents: number | null;
  priceLowCents: number | null;
  priceHighCents: number | null;
  priceBasis: string | null;
  categoryId: string | null;
  categoryFullName: string | null;
  categoryConfidence: number | null;
  /** JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
  /** JSON of a draft's attributes (draftAttributesSchema), or null. */
  attributes: string | null;
  altText: ColumnType<string, string | undefined, string>;
  generationState: 'pending' | 'ready' | 'failed';
  generationErrorCode: string | null;
  generationErrorMessage: string | null;
  /** Written as 1/0, which both SQLite (integer) and PostgreSQL (boolean) accept. */
  generationRetryable: ColumnType<boolean | number | null, number | null, number | null>;
  creditBucket: 'subscription' | 'fixed' | null;
  creditState: 'reserved' | 'spent' | 'refunded';
  /** JSON array of DraftCategory, best first. (Migration 4.) */
  categoryAlternatives: ColumnType<string, string | undefined, string>;
  /** GTIN read from a barcode on the photo. (Migration 4.) */
  barcode: string | null;
  /** JSON of DraftEvidence, '{}' when the provider gave none. (Migration 4.) */
  fieldEvidence: ColumnType<string, string | undefined, string>;
  /** JSON array of GuidanceItem: what the seller should check or add. (Migration 7.) */
  guidance: ColumnType<string, string | undefined, string>;
  /** When the seller last confirmed the category; null while it is the analyzer's. (Migration 5.) */
  /** JSON array of EditedField: the listing fields the seller changed. (Migration 10.) */
  editedFields: ColumnType<string, string | undefined, string>;
  /** JSON array of ConfirmedAttribute: what the seller confirmed. (Migration 11.) */
  confirmedAttributes: ColumnType<string, string | undefined, string>;
  /** JSON of ProductVariants ({ options, rows }): premium variants. (Migration 13.) */
  variants: ColumnType<string, string | undefined, string>;
  /** Search engine listing, '' when none was drafted. (Migration 15.) */
  seoTitle: ColumnType<string, string | undefined, string>;
  seoDescription: ColumnType<string, string | undefined, string>;
  /** 'new' | 'used' | 'refurbished', null while not stated. (Migration 22.) */
  condition: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of Suggestion (Improve), waiting for the seller's decision. (Migration 30.) */
  suggestions: ColumnType<string, string | undefined, string>;
  /** Hash of the photos and text the last paid improvement read. (Migration 30.) */
  improvedFingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  categoryConfirmedAt: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** ProductStatus: draft (review) → saved (library) → published. (Migration 12.) */
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  /** 1 while the product is on the review list, 0 once it is closed. (Migration 12.) */
  inReview: ColumnType<number, number | undefined, number>;
  /** When it was saved to the library; null while a draft. (Migration 12.) */
  savedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /**
   * When it joined the library: saved, or published (a publish brings it to the top again). The
   * library's order. (Migration 12 as publishedAt, renamed by migration 20.)
   */
  libraryAddedAt: ColumnType<
    Date | string | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /**
   * JSON array of StoredPhoto ({ imageId, fileName }): the product's photos in order, main first;
   * the first is `imageId`. (Migration 19.)
   */
  photos: ColumnType<string, string | undefined, string>;
  /** StoreStatus the export gives it. (Migration 12.) */
  storeStatus: ColumnType<StoreStatus, StoreStatus | undefined, StoreStatus>;
  /** The shop it was last published to, and its page in that store's admin. (Migration 18.) */
  publishedShop: ColumnType<string | null, string | null | undefined, string | null>;
  publishedAdminUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** The connected Shopify store it was imported from; null for any other product. (Migration 028.) */
  sourceShop: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A product photo's appearance, for finding the seller's lookalike products. (Migration 5.) */
export interface ProductAppearancesTable {
  productId: string;
  /** The analyzer's appearance vector as float32 little-endian bytes. */
  vector: Buffer;
}

/** Which product shows an image: one row per photo of every product. (Migration 19.) */
export interface ProductPhotosTable {
  imageId: string;
  productId: string;
  userId: string;
}

/** A suggested group of look-alike photos the seller turned down. (Migration 19.) */
export interface PhotoGroupDismissalsTable {
  userId: string;
  /** The group's product ids, sorted, comma-separated. */
  groupKey: string;
  createdAt: Timestamp;
}

/** An earlier title or description of a product, kept for undo. (Migration 14.) */
export interface ProductFieldVersionsTable {
  id: Generated<number>;
  productId: string;
  /** A VersionedField (src/domain/field-versions.ts). */
  field: string;
  value: string;
  /** A VersionCause: what replaced it. */
  cause: string;
  replacedAt: Timestamp;
}

/** Per-account attempt counters (migration 6); times in ms since the epoch. */
export interface AuthThrottlesTable {
  key: string;
  count: number;
  firstAt: number;
  lastAt: number;
}

/** The seller's settings (migrations 8, 10); no row means the defaults. */
export interface SellerSettingsTable {
  userId: string;
  priceEnding: ColumnType<string, string | undefined, string>;
  storeVoicePreset: ColumnType<string, string | undefined, string>;
  storeVoiceInstructions: ColumnType<string, string | undefined, string>;
  updatedAt: Timestamp;
}

/** A single-use OAuth state a user asked for before going to Shopify. (Migration 16.) */
export interface ShopifyOAuthStatesTable {
  /** SHA-256 (hex) of the state sent to Shopify. */
  stateHash: string;
  userId: string;
  /** The shop the state was asked for. */
  shopDomain: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** A user's connected Shopify store; tokens sealed with AES-256-GCM. (Migration 16.) */
export interface ShopifyStoresTable {
  id: string;
  userId: string;
  shopDomain: string;
  accessToken: string;
  /** Null for a token that does not expire. */
  accessTokenExpiresAt: NullableTimestamp;
  refreshToken: string | null;
  refreshTokenExpiresAt: NullableTimestamp;
  scope: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A product published to a shop: re-publishing updates the same one. (Migration 18.) */
export interface ShopifyPublicationsTable {
  productId: string;
  shopDomain: string;
  userId: string;
  /** `gid://shopify/Product/…` */
  shopifyProductId: string;
  adminUrl: string;
  /** JSON array of the media ids Listsmith's images became. */
  mediaIds: ColumnType<string, string | undefined, string>;
  imagesFingerprint: string;
  publishedAt: Timestamp;
  /** The product's handle in the shop, for its storefront page. (Migration 23.) */
  handle: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A seller's Google Merchant Center feed settings and private address. (Migration 23.) */
export interface MerchantFeedsTable {
  userId: string;
  /** SHA-256 (hex) of the address's secret token; null: no address (revoked or never made). */
  tokenHash: string | null;
  pageTemplate: ColumnType<string, string | undefined, string>;
  currency: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** What the sandbox store holds (no Shopify keys). (Migration 18.) */
export interface ShopifySandboxProductsTable {
  id: string;
  /** The seller whose sandbox store this is (migration 021): shops are per seller. */
  sellerId: string;
  shopDomain: string;
  /** JSON of SandboxProductData. */
  data: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ShopifySandboxMediaTable {
  id: string;
  sellerId: string;
  shopDomain: string;
  productId: string | null;
  position: ColumnType<number, number | undefined, number>;
  alt: ColumnType<string, string | undefined, string>;
  contentType: string;
  bytes: Buffer;
  createdAt: Timestamp;
}

/** The handle a product's first publish to a shop upserts by, chosen once (migration 021). */
export interface ShopifyFirstPublishHandlesTable {
  productId: string;
  shopDomain: string;
  handle: string;
  createdAt: Timestamp;
}

/** A one-time state sent to a WooCommerce store as `user_id` (migration 024). */
export interface WoocommerceConnectStatesTable {
  /** SHA-256 (hex) of the state's random part. */
  stateHash: string;
  userId: string;
  storeUrl: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** A seller's connected WooCommerce store; key and secret sealed with AES-256-GCM (migration 024). */
export interface WoocommerceStoresTable {
  id: string;
  userId: string;
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
  keyPermissions: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A product published to a WooCommerce store: re-publishing updates it (migration 024). */
export interface WoocommercePublicationsTable {
  productId: string;
  storeUrl: string;
  userId: string;
  wooProductId: string;
  permalink: string;
  adminUrl: string;
  /** JSON array of the store's image ids Listsmith's photos became. */
  imageIds: ColumnType<string, string | undefined, string>;
  imagesFingerprint: string;
  publishedAt: Timestamp;
}

/** What the sandbox WooCommerce store holds, per seller and store (migration 024). */
export interface WoocommerceSandboxRecordsTable {
  id: string;
  sellerId: string;
  storeUrl: string;
  kind: 'product' | 'variation' | 'category' | 'tag';
  parentId: string | null;
  /** JSON of the record as the REST API answers it. */
  data: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A one-time eBay OAuth state (migration 032). */
export interface EbayConnectStatesTable {
  /** SHA-256 (hex) of the state. */
  stateHash: string;
  userId: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
}

/** A seller's eBay connection; tokens sealed with AES-256-GCM (migration 032). */
export interface EbayConnectionsTable {
  userId: string;
  accessToken: string;
  accessTokenExpiresAt: Timestamp;
  refreshToken: string;
  refreshTokenExpiresAt: Timestamp;
  /** 1 once eBay refused the refresh token: the seller connects again. */
  needsReconnect: ColumnType<number, number | undefined, number>;
  fulfillmentPolicyId: string | null;
  paymentPolicyId: string | null;
  returnPolicyId: string | null;
  merchantLocationKey: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The inventory item and offer a product became on eBay (migration 032). */
export interface EbayPublicationsTable {
  productId: string;
  userId: string;
  sku: string;
  offerId: string;
  listingId: string | null;
  categoryId: string;
  status: 'draft' | 'live';
  publishedAt: Timestamp;
}

/** Taxonomy API answers, shared by every seller (migration 032). */
export interface EbayTaxonomyCacheTable {
  key: string;
  data: string;
  fetchedAt: Timestamp;
}

/** What the sandbox eBay holds per seller (migration 032). */
export interface EbaySandboxRecordsTable {
  sellerId: string;
  kind: 'item' | 'offer';
  key: string;
  sku: string;
  data: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A file a seller imported (migration 026). */
export interface CatalogueImportsTable {
  id: string;
  userId: string;
  fileName: string;
  /** A CatalogueFormat once the header was recognised. */
  format: string | null;
  state: 'importing' | 'done';
  /** JSON of ImportOutcome. */
  outcome: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  finishedAt: NullableTimestamp;
}

/** Where an imported product came from; one product per (seller, format, key). (Migration 026.) */
export interface ProductSourcesTable {
  productId: string;
  userId: string;
  format: string;
  /** The product's handle (Shopify), ID or SKU (WooCommerce), ID or URL slug (Squarespace). */
  sourceKey: string;
  fileName: string;
  importId: string;
  /** JSON array of the image URLs the file named. */
  imageUrls: ColumnType<string, string | undefined, string>;
  importedAt: Timestamp;
  /** JSON of SourceIdentity (src/domain/export-source.ts): SKU, Type, URL, Variant IDs. (029.) */
  identity: ColumnType<string, string | undefined, string>;
  /**
   * JSON of what a connected store last had of the product (src/domain/store-fields.ts), '{}'
   * when nothing is known (another format, or imported before migration 028).
   */
  storeFields: ColumnType<string, string | undefined, string>;
}

/** The images one imported product still has to fetch. (Migration 026.) */
export interface CatalogueImportItemsTable {
  importId: string;
  productId: string;
  sourceKey: string;
  line: number;
  /** JSON array of { url, alt }. */
  images: string;
  state: 'pending' | 'fetching' | 'done';
  /** JSON array of { url, reason }. */
  failures: ColumnType<string, string | undefined, string>;
  claimedAt: NullableTimestamp;
  /** Images stored, and images that could not be (written when the item is done). */
  fetched: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
}

export interface ImproveRunsTable {
  id: string;
  userId: string;
  /** JSON array of ImproveField. */
  fields: string;
  mode: string;
  state: 'running' | 'done' | 'stopped';
  total: number;
  stopReason: string | null;
  createdAt: Timestamp;
  finishedAt: NullableTimestamp;
  dismissedAt: NullableTimestamp;
}

export interface ImproveRunItemsTable {
  runId: string;
  productId: string;
  position: number;
  title: string;
  state: 'pending' | 'working' | 'done';
  outcome: 'improved' | 'unchanged' | 'failed' | 'left' | null;
  message: ColumnType<string, string | undefined, string>;
  charged: ColumnType<number, number | undefined, number>;
  claimedAt: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  creditLedger: CreditLedgerTable;
  products: ProductsTable;
  productAppearances: ProductAppearancesTable;
  productFieldVersions: ProductFieldVersionsTable;
  productPhotos: ProductPhotosTable;
  photoGroupDismissals: PhotoGroupDismissalsTable;
  billingAccounts: BillingAccountsTable;
  checkoutSessions: CheckoutSessionsTable;
  processedEvents: ProcessedEventsTable;
  authThrottles: AuthThrottlesTable;
  sellerSettings: SellerSettingsTable;
  shopifyOAuthStates: ShopifyOAuthStatesTable;
  shopifyStores: ShopifyStoresTable;
  shopifyPublications: ShopifyPublicationsTable;
  shopifySandboxProducts: ShopifySandboxProductsTable;
  shopifySandboxMedia: ShopifySandboxMediaTable;
  shopifyFirstPublishHandles: ShopifyFirstPublishHandlesTable;
  woocommerceConnectStates: WoocommerceConnectStatesTable;
  woocommerceStores: WoocommerceStoresTable;
  woocommercePublications: WoocommercePublicationsTable;
  woocommerceSandboxRecords: WoocommerceSandboxRecordsTable;
  catalogueImports: CatalogueImportsTable;
  productSources: ProductSourcesTable;
  catalogueImportItems: CatalogueImportItemsTable;
  improveRuns: ImproveRunsTable;
  improveRunItems: ImproveRunItemsTable;
  merchantFeeds: MerchantFeedsTable;
  ebayConnectStates: EbayConnectStatesTable;
  ebayConnections: EbayConnectionsTable;
  ebayPublications: EbayPublicationsTable;
  ebayTaxonomyCache: EbayTaxonomyCacheTable;
  ebaySandboxRecords: EbaySandboxRecordsTable;
}
