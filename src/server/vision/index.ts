/**
 * The vision capability's public face: what a product capability needs to have photos described
 * (the provider interface, whichever provider is configured), the Shopify taxonomy, and the
 * price estimation both providers' drafts are re-priced with. The providers themselves
 * (create-vision-provider.ts) are built by the composition root (app.ts), so importing this face
 * does not load the local analyzer's model.
 */
export {
  appearanceSchema,
  isVisionProviderError,
  sellerWordsIn,
  type IdentifiedListing,
  type SellerCategoryExample,
  type SellerPriceHint,
  type VisionImage,
  type VisionProvider,
} from './providers/vision-provider.js';
export { loadTaxonomy, type Taxonomy } from './taxonomy.js';
/** The vision capability's routes: the category picker's taxonomy search and attributes. */
export { taxonomyRoutes as visionPlugin } from './taxonomy-routes.js';
export { searchTaxonomyForKind } from './taxonomy-search.js';
export { categoryAttributes } from './taxonomy-attributes.js';
export { loadPriceBaseline } from './pricing/price-baseline.js';
export {
  categoryPrice,
  repricedForCategory,
  type RepricedColumns,
} from './pricing/category-price.js';
