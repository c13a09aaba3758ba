import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPatch } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import { applyPatch, ProductAutosaver, unsavedEditStorageKey } from './autosave-store';
import { makeProduct } from './test-support';

type Send = (id: string, patch: ProductPatch) => Promise<Product>;

function setup(send: Send) {
  const sendMock = vi.fn(send);
  const confirmed: Product[] = [];
  const autosaver = new ProductAutosaver({
    send: (id, patch) => sendMock(id, patch),
    onConfirmed: (product) => confirmed.push(product),
    storage: localStorage,
    debounceMs: 600,
    retryDelaysMs: [1_000, 5_000],
  });
  return { autosaver, sendMock, confirmed };
}

const stored = (id: string) =>
  JSON.parse(localStorage.getItem(unsavedEditStorageKey(id)) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProductAutosaver', () => {
  it('merges a burst of edits into one request after the debounce', async () => {
    const { autosaver, sendMock, confirmed } = setup(async (_id, patch) =>
      makeProduct({ ...patch, price: makeProduct().price }),
    );
    autosaver.edit('p1', { title: 'A' });
    autosaver.edit('p1', { title: 'AB', price: 12 });
    expect(stored('p1')).toEqual({ title: 'AB', price: 12 });
    await vi.advanceTimersByTimeAsync(599);
    expect(sendMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sendMock.mock.calls).toEqual([['p1', { title: 'AB', price: 12 }]]);
    expect(autosaver.status('p1')).toEqual({ state: 'saved' });
    expect(autosaver.unconfirmedEdit('p1')).toBeUndefined();
    expect(stored('p1')).toBeNull();
    expect(confirmed).toHaveLength(1);
  });

  it('keeps a field changed again while its save was under way', async () => {
    let answer: (product: Product) => void = () => undefined;
    const { autosaver, sendMock } = setup(
      () =>
        new Promise<Product>((resolve) => {
          answer = resolve;
        }),
    );
    autosaver.edit('p1', { title: 'First', description: 'Same' });
    await vi.advanceTimersByTimeAsync(600);
    autosaver.edit('p1', { title: 'Second' });
    answer(makeProduct({ title: 'First', description: 'Same' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(autosaver.unconfirmedEdit('p1')).toEqual({ title: 'Second' });
    expect(stored('p1')).toEqual({ title: 'Second' });

    await vi.advanceTimersByTimeAsync(600);
    expect(sendMock.mock.calls.map(([, patch]) => patch)).toEqual([
      { title: 'First', description: 'Same' },
      { title: 'Second' },
    ]);
  });

  it('retries after a network failure and drops edits of a deleted product', async () => {
    let failures = 1;
    const { autosaver, sendMock } = setup(async (id, patch) => {
      if (id === 'gone') throw new ApiError(404, 'Product not found');
      if (failures-- > 0) throw new ApiError(0, 'Failed to fetch', 'NETWORK');
      return makeProduct(patch as Partial<Product>);
    });
    autosaver.edit('p1', { title: 'Kept' });
    autosaver.edit('gone', { title: 'Lost cause' });
    await vi.advanceTimersByTimeAsync(600);
    expect(autosaver.status('p1')).toEqual({ state: 'retrying' });
    expect(stored('gone')).toBeNull();
    expect(autosaver.unconfirmedEdit('gone')).toBeUndefined();

    await vi.advanceTimersByTimeAsync(1_000);
    expect(autosaver.status('p1')).toEqual({ state: 'saved' });
    expect(sendMock.mock.calls.filter(([id]) => id === 'p1')).toHaveLength(2);
  });

  it('restores stored edits of listed products only, ignoring malformed ones', async () => {
    localStorage.setItem(unsavedEditStorageKey('p1'), JSON.stringify({ description: 'Mine' }));
    localStorage.setItem(unsavedEditStorageKey('p2'), JSON.stringify({ price: -5 }));
    localStorage.setItem(unsavedEditStorageKey('old'), JSON.stringify({ title: 'Deleted' }));
    const { autosaver, sendMock } = setup(async () => makeProduct());
    autosaver.restore(new Set(['p1', 'p2']));
    expect(autosaver.unconfirmedEdit('p1')).toEqual({ description: 'Mine' });
    expect(autosaver.unconfirmedEdit('p2')).toBeUndefined();
    expect(stored('p2')).toBeNull();
    expect(stored('old')).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(sendMock.mock.calls).toEqual([['p1', { description: 'Mine' }]]);
  });

  it('forgets a field the server regenerated, so the old text is not sent over it', async () => {
    const { autosaver, sendMock } = setup(async () => {
      throw new ApiError(503, 'Service unavailable');
    });
    autosaver.edit('p1', { title: 'Old', price: 9 });
    await vi.advanceTimersByTimeAsync(600);
    autosaver.forgetField('p1', 'title');
    expect(autosaver.unconfirmedEdit('p1')).toEqual({ price: 9 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sendMock.mock.calls.at(-1)).toEqual(['p1', { price: 9 }]);
  });
});

describe('applyPatch', () => {
  it('counts a changed field as the seller’s at once, as the server will, so readiness follows', () => {
    const drafted = makeProduct({ title: '', description: 'Drafted', editedFields: [] });
    const typed = applyPatch(drafted, { title: 'Stoneware Mug', description: 'Drafted' });
    expect(typed.title).toBe('Stoneware Mug');
    // The description was sent again unchanged: still the draft's.
    expect(typed.editedFields).toEqual(['title']);
    expect(applyPatch(typed, { title: 'Stoneware Mug, Speckled' }).editedFields).toEqual(['title']);
  });
});
