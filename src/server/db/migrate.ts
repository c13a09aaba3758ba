/**
 * Schema migrations, run by Kysely's Migrator (ADR 014). It takes a lock (a PostgreSQL advisory
 * lock; none on SQLite, whose file one process owns) and applies pending migrations in one
 * transaction, so several processes starting at once apply each migration once. Bookkeeping:
 * `kysely_migration`.
 */
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle, DatabaseKind } from './connection.js';
import { legacyBookkeeping } from './legacy-migrations.js';
import * as accounts from './migrations/001_accounts.js';
import * as products from './migrations/002_products.js';
import * as billing from './migrations/003_billing.js';
import * as draftEvidence from './migrations/004_draft_evidence.js';
import * as productAppearances from './migrations/005_product_appearances.js';
import * as authThrottles from './migrations/006_auth_throttles.js';
import * as listingGuidance from './migrations/007_listing_guidance.js';
import * as sellerSettings from './migrations/008_seller_settings.js';
import * as storeVoice from './migrations/009_store_voice.js';
import * as editedFields from './migrations/010_edited_fields.js';
import * as confirmedAttributes from './migrations/011_confirmed_attributes.js';
import * as productLibrary from './migrations/012_product_library.js';
import * as variants from './migrations/013_variants.js';
import * as fieldVersions from './migrations/014_field_versions.js';
import * as seoFields from './migrations/015_seo_fields.js';
import * as shopifyStores from './migrations/016_shopify_stores.js';
import * as sellerScopedIndexes from './migrations/017_seller_scoped_indexes.js';
import * as shopifyPublications from './migrations/018_shopify_publications.js';
import * as productPhotos from './migrations/019_product_photos.js';
import * as libraryAddedAt from './migrations/020_library_added_at.js';
import * as shopifySellerScopedSandbox from './migrations/021_shopify_seller_scoped_sandbox.js';
import * as woocommerce from './migrations/024_woocommerce.js';
import * as catalogueImports from './migrations/026_catalogue_imports.js';
import * as productCondition from './migrations/022_product_condition.js';
import * as merchantFeeds from './migrations/023_merchant_feeds.js';
import * as libraryTitleIndex from './migrations/027_library_title_index.js';
import * as storeFields from './migrations/028_store_fields.js';
import * as productSourceIdentity from './migrations/029_product_source_identity.js';
import * as productSuggestions from './migrations/030_product_suggestions.js';
import * as improveRuns from './migrations/031_improve_runs.js';
import * as ebay from './migrations/032_ebay.js';

type Up = (db: Kysely<unknown>, kind: DatabaseKind) => Promise<void>;

/**
 * Append-only; the Migrator runs them in name order. Never edit a released migration: add the
 * next one, named after its file.
 */
const migrations: Record<string, Up> = {
  '001_accounts': accounts.up,
  '002_products': products.up,
  '003_billing': billing.up,
  '004_draft_evidence': draftEvidence.up,
  '005_product_appearances': productAppearances.up,
  '006_auth_throttles': authThrottles.up,
  '007_listing_guidance': listingGuidance.up,
  '008_seller_settings': sellerSettings.up,
  '009_store_voice': storeVoice.up,
  '010_edited_fields': editedFields.up,
  '011_confirmed_attributes': confirmedAttributes.up,
  '012_product_library': productLibrary.up,
  '013_variants': variants.up,
  '014_field_versions': fieldVersions.up,
  '015_seo_fields': seoFields.up,
  '016_shopify_stores': shopifyStores.up,
  '017_seller_scoped_indexes': sellerScopedIndexes.up,
  '018_shopify_publications': shopifyPublications.up,
  '019_product_photos': productPhotos.up,
  '020_library_added_at': libraryAddedAt.up,
  '021_shopify_seller_scoped_sandbox': shopifySellerScopedSandbox.up,
  '024_woocommerce': woocommerce.up,
  '026_catalogue_imports': catalogueImports.up,
  '022_product_condition': productCondition.up,
  '023_merchant_feeds': merchantFeeds.up,
  '027_library_title_index': libraryTitleIndex.up,
  '028_store_fields': storeFields.up,
  '029_product_source_identity': productSourceIdentity.up,
  '030_product_suggestions': productSuggestions.up,
  '031_improve_runs': improveRuns.up,
  '032_ebay': ebay.up,
};

/** Every migration's name, in the order the Migrator runs them. */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

export interface MigrationOutcome {
  /** Migrations run now, in order. */
  applied: string[];
  /** Migrations the pre-Migrator runner had applied, now recorded without running again. */
  adopted: string[];
}

export async function migrateToLatest({ db, kind }: DatabaseHandle): Promise<MigrationOutcome> {
  const legacy = legacyBookkeeping();
  const adopted: string[] = [];
  const provider: MigrationProvider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      const entries = Object.entries(migrations).map(([name, up]): [string, Migration] => [
        name,
        {
          async up(trx) {
            if (await legacy.applied(trx, name)) adopted.push(name);
            else await up(trx, kind);
          },
        },
      ]);
      return Object.fromEntries(entries);
    },
  };
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
  const executed = results.filter((result) => result.status === 'Success');
  return {
    applied: executed.map((result) => result.migrationName).filter((n) => !adopted.includes(n)),
    adopted,
  };
}
