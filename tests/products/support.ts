/** Shared by the product tests: fixture photos, accounts with set balances, ledger sums. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Product, UploadResponse } from '#domain/products.js';
import { uniqueEmail, type TestApp, type TestClient } from '../support/harness.js';
import { PHOTOS_DIR } from '../images/support.js';
import type { UploadFile } from '../support/multipart.js';

export function photo(name: string, dir = PHOTOS_DIR): UploadFile {
  return { name, data: readFileSync(path.join(dir, name)) };
}

export interface Account {
  client: TestClient;
  cookie: string;
  id: string;
  email: string;
}

export async function account(h: TestApp, label = 'seller'): Promise<Account> {
  const client = h.client();
  const { email, cookie } = await client.register(uniqueEmail(label));
  const user = await h.userByEmail(email);
  return { client, cookie, email, id: user!.id as string };
}

export async function setBalance(
  h: TestApp,
  userId: string,
  balance: { subscriptionCredits?: number; fixedCredits?: number; planName?: string },
): Promise<void> {
  await h.db.updateTable('users').set(balance).where('id', '=', userId).execute();
}

export async function balanceOf(h: TestApp, userId: string) {
  const user = await h.db
    .selectFrom('users')
    .select(['subscriptionCredits', 'fixedCredits'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    subscriptionCredits: Number(user.subscriptionCredits),
    fixedCredits: Number(user.fixedCredits),
  };
}

export async function ledgerOf(h: TestApp, userId: string) {
  const rows = await h.db
    .selectFrom('creditLedger')
    .select(['reason', 'subscriptionDelta', 'fixedDelta'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    reason: row.reason,
    subscriptionDelta: Number(row.subscriptionDelta),
    fixedDelta: Number(row.fixedDelta),
  }));
}

export async function productRows(h: TestApp, userId: string) {
  return h.db.selectFrom('products').selectAll().where('userId', '=', userId).execute();
}

/** Uploads and expects 202; returns the parsed body. */
export async function uploadOk(a: Account, files: UploadFile[]): Promise<UploadResponse> {
  const response = await a.client.upload(a.cookie, files);
  if (response.statusCode !== 202) {
    throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as UploadResponse;
}

export async function listProducts(a: Account): Promise<Product[]> {
  const response = await a.client.request({ url: '/api/products', cookie: a.cookie });
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}`);
  return (response.json() as { products: Product[] }).products;
}
