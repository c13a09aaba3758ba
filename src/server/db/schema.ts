import type { ColumnType, Generated } from 'kysely';

/** Dates come back as Date on PostgreSQL and as strings on SQLite. */
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;

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
  reason: string;
  createdAt: Timestamp;
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
  /** JSON of DraftAttributes, or null. */
  attributes: string | null;
  altText: ColumnType<string, string | undefined, string>;
  generationState: 'pending' | 'ready' | 'failed';
  generationErrorCode: string | null;
  generationErrorMessage: string | null;
  /** Written as 1/0, which both SQLite (integer) and PostgreSQL (boolean) accept. */
  generationRetryable: ColumnType<boolean | number | null, number | null, number | null>;
  creditBucket: 'subscription' | 'fixed' | null;
  creditState: 'reserved' | 'spent' | 'refunded';
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MigrationsTable {
  version: number;
  name: string;
  appliedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  creditLedger: CreditLedgerTable;
  products: ProductsTable;
  schemaMigrations: MigrationsTable;
}
