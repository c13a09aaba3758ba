/**
 * Autosave of card edits, independent of React so its rules can be reasoned about in one place.
 *
 * Every edit is kept as "unconfirmed" (in memory and in localStorage, one key per product) until
 * the server answers the PATCH that carried it. A reload, a crash or an expired session therefore
 * loses nothing: the next load restores the unconfirmed edits and sends them again.
 */
import {
  EDITABLE_LISTING_FIELDS,
  productPatchSchema,
  type EditedField,
  type Product,
  type ProductPatch,
} from '#domain/products';
import { ApiError } from '#web/lib/api-client';

export type SaveStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'retrying' }
  | { state: 'unauthorized' }
  /** The server refused the edit for good (e.g. invalid); it was dropped. */
  | { state: 'rejected'; message: string };

export type EditableField = keyof ProductPatch;

export interface AutosaveDependencies {
  send(id: string, patch: ProductPatch, options: { keepalive: boolean }): Promise<Product>;
  /** Receives the server's copy after each confirmed save. */
  onConfirmed(product: Product): void;
  storage: Storage | null;
  debounceMs?: number;
  /** Waits between attempts after a network or server failure; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

export const AUTOSAVE_DEBOUNCE_MS = 600;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];
const STORAGE_PREFIX = 'listsmith:unsaved-edit:';
const IDLE: SaveStatus = { state: 'idle' };

export function unsavedEditStorageKey(productId: string): string {
  return `${STORAGE_PREFIX}${productId}`;
}

/**
 * The fields the seller has edited once this patch lands, as the server will count them (a value
 * sent again unchanged edits nothing): the card's readiness follows the typing, not the save.
 */
function editedFieldsWith(product: Product, patch: ProductPatch): EditedField[] {
  // Tags and alt text are never patched by hand: only regenerated.
  const changed: Partial<Record<EditedField, boolean>> = {
    title: patch.title !== undefined && patch.title !== product.title,
    description: patch.description !== undefined && patch.description !== product.description,
    price: patch.price !== undefined && patch.price !== product.price.suggested,
    attributes:
      patch.confirmedAttributes !== undefined &&
      JSON.stringify(patch.confirmedAttributes) !== JSON.stringify(product.confirmedAttributes),
    seoTitle: patch.seoTitle !== undefined && patch.seoTitle !== product.seoTitle,
    seoDescription:
      patch.seoDescription !== undefined && patch.seoDescription !== product.seoDescription,
  };
  const added = EDITABLE_LISTING_FIELDS.filter(
    (field) => changed[field] && !product.editedFields.includes(field),
  );
  return added.length === 0 ? product.editedFields : [...product.editedFields, ...added];
}

/** The product as the seller sees it: the server's copy with unconfirmed edits on top. */
export function applyPatch(product: Product, patch: ProductPatch | undefined): Product {
  if (!patch) return product;
  return {
    ...product,
    editedFields: editedFieldsWith(product, patch),
    title: patch.title ?? product.title,
    description: patch.description ?? product.description,
    price: patch.price === undefined ? product.price : { ...product.price, suggested: patch.price },
    confirmedAttributes: patch.confirmedAttributes ?? product.confirmedAttributes,
    variants: patch.variants ?? product.variants,
    seoTitle: patch.seoTitle ?? product.seoTitle,
    seoDescription: patch.seoDescription ?? product.seoDescription,
    condition: patch.condition === undefined ? product.condition : patch.condition,
  };
}

/** 4xx answers other than these mean the same request can never succeed. */
function isPermanentRejection(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 404, 408, 429].includes(error.status)
  );
}

export class ProductAutosaver {
  private readonly unconfirmed = new Map<string, ProductPatch>();
  private readonly statuses = new Map<string, SaveStatus>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly attempts = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private expired = false;

  constructor(private readonly deps: AutosaveDependencies) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  unconfirmedEdit(id: string): ProductPatch | undefined {
    return this.unconfirmed.get(id);
  }

  status(id: string): SaveStatus {
    return this.statuses.get(id) ?? IDLE;
  }

  hasUnconfirmedEdits(): boolean {
    return this.unconfirmed.size > 0;
  }

  edit(id: string, patch: ProductPatch): void {
    this.unconfirmed.set(id, { ...this.unconfirmed.get(id), ...patch });
    this.persist(id);
    this.statuses.set(id, { state: 'saving' });
    this.schedule(id, this.deps.debounceMs ?? AUTOSAVE_DEBOUNCE_MS);
    this.notify();
  }

  /** Sends this product's unconfirmed edits now and waits for the answer. */
  flush(id: string, options: { keepalive?: boolean } = {}): Promise<void> {
    this.clearTimer(id);
    return this.enqueueSend(id, options.keepalive ?? false);
  }

  async flushAll(options: { keepalive?: boolean } = {}): Promise<void> {
    await Promise.all([...this.unconfirmed.keys()].map((id) => this.flush(id, options)));
  }

  /**
   * Brings back edits a previous page left unconfirmed (for products still in the list) and sends
   * them; storage entries of products that no longer exist are removed.
   */
  restore(existingIds: ReadonlySet<string>): void {
    const storage = this.deps.storage;
    if (!storage) return;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const id = key.slice(STORAGE_PREFIX.length);
      const stored = this.readStored(key);
      if (!existingIds.has(id) || !stored) {
        this.removeStored(id);
        continue;
      }
      // Edits made on this page since it loaded are newer than the stored ones.
      this.unconfirmed.set(id, { ...stored, ...this.unconfirmed.get(id) });
      this.statuses.set(id, { state: 'saving' });
      this.schedule(id, 0);
    }
    this.notify();
  }

  /**
   * The server wrote this field itself (regenerate): an older unconfirmed value of it must not be
   * sent afterwards and overwrite the new text.
   */
  forgetField(id: string, field: EditableField): void {
    const current = this.unconfirmed.get(id);
    if (!current || current[field] === undefined) return;
    const remaining = { ...current };
    delete remaining[field];
    if (Object.keys(remaining).length === 0) {
      this.clearTimer(id);
      this.unconfirmed.delete(id);
      this.statuses.set(id, { state: 'saved' });
    } else {
      this.unconfirmed.set(id, remaining);
    }
    this.persist(id);
    this.notify();
  }

  /** The product is gone (deleted here or elsewhere): nothing of it is to be saved. */
  discard = (id: string): void => {
    this.clearTimer(id);
    this.unconfirmed.delete(id);
    this.statuses.delete(id);
    this.attempts.delete(id);
    this.removeStored(id);
    this.notify();
  };

  private schedule(id: string, delayMs: number): void {
    this.clearTimer(id);
    this.timers.set(
      id,
      setTimeout(() => {
        this.timers.delete(id);
        void this.enqueueSend(id, false);
      }, delayMs),
    );
  }

  private clearTimer(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** One request per product at a time, in edit order, so an older save never lands last. */
  private enqueueSend(id: string, keepalive: boolean): Promise<void> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.then(() => this.send(id, keepalive));
    this.chains.set(id, next);
    void next.finally(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  private async send(id: string, keepalive: boolean): Promise<void> {
    const sent = this.unconfirmed.get(id);
    if (!sent) return;
    this.statuses.set(id, { state: 'saving' });
    this.notify();
    try {
      const product = await this.deps.send(id, sent, { keepalive });
      this.confirm(id, sent);
      this.attempts.delete(id);
      const wasExpired = this.expired;
      this.expired = false;
      this.deps.onConfirmed(product);
      if (this.unconfirmed.has(id)) {
        this.schedule(id, this.deps.debounceMs ?? AUTOSAVE_DEBOUNCE_MS);
      } else {
        this.statuses.set(id, { state: 'saved' });
      }
      if (wasExpired) this.resendAfterSignIn();
    } catch (error) {
      this.handleFailure(id, error);
    }
    this.notify();
  }

  /** Forgets the sent values, keeping any field the seller changed again meanwhile. */
  private confirm(id: string, sent: ProductPatch): void {
    const current = this.unconfirmed.get(id);
    if (!current) return;
    const remaining = Object.fromEntries(
      Object.entries(current).filter(([field, value]) => sent[field as EditableField] !== value),
    ) as ProductPatch;
    if (Object.keys(remaining).length === 0) this.unconfirmed.delete(id);
    else this.unconfirmed.set(id, remaining);
    this.persist(id);
  }

  private handleFailure(id: string, error: unknown): void {
    if (error instanceof ApiError && error.status === 401) {
      // Kept (memory and storage) until the seller signs in again.
      this.expired = true;
      this.statuses.set(id, { state: 'unauthorized' });
      return;
    }
    if (error instanceof ApiError && error.status === 404) {
      this.discard(id);
      return;
    }
    if (isPermanentRejection(error)) {
      this.unconfirmed.delete(id);
      this.removeStored(id);
      this.statuses.set(id, { state: 'rejected', message: error.message });
      return;
    }
    const delays = this.deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const attempt = this.attempts.get(id) ?? 0;
    this.attempts.set(id, attempt + 1);
    this.statuses.set(id, { state: 'retrying' });
    this.schedule(id, delays[Math.min(attempt, delays.length - 1)] ?? 30_000);
  }

  private resendAfterSignIn(): void {
    for (const [id, status] of this.statuses) {
      if (status.state === 'unauthorized' && this.unconfirmed.has(id)) this.schedule(id, 0);
    }
  }

  private persist(id: string): void {
    const patch = this.unconfirmed.get(id);
    if (!patch) {
      this.removeStored(id);
      return;
    }
    try {
      this.deps.storage?.setItem(unsavedEditStorageKey(id), JSON.stringify(patch));
    } catch {
      // Storage full or blocked: the edit still lives in memory and is being sent.
    }
  }

  private readStored(key: string): ProductPatch | null {
    try {
      const raw = this.deps.storage?.getItem(key);
      if (!raw) return null;
      const parsed = productPatchSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private removeStored(id: string): void {
    try {
      this.deps.storage?.removeItem(unsavedEditStorageKey(id));
    } catch {
      // Blocked storage: nothing was stored either.
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
