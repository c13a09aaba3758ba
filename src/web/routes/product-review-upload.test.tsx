/** 'Add More Images' on the review screen: the uploader in a dialog, with the app's one upload. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CONTINUES_FIELD } from '#domain/products';
import { profileWith } from '#web/test-support/profile';
import {
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from '../features/review/test-support';
import { FakeXhr, installFakeXhr, latestRequest } from '../features/upload/test-support/fake-xhr';
import {
  makeProduct as makePending,
  resetUpload,
} from '../features/upload/test-support/render-uploader';
import { UploadStatus } from '../features/upload/upload-status';
import ProductReviewRoute from './product-review';

isolateReviewTests();

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  await resetUpload();
});

describe('Add More Images', () => {
  it('closes on the first new draft, which goes on top; the rest continue on the screen', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': {
        body: profileWith({ planName: 'Premium', subscriptionCredits: 50 }),
      },
    });
    const { user } = renderScreen(
      <>
        <UploadStatus />
        <ProductReviewRoute />
      </>,
    );
    await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Add More Images' }).hasAttribute('aria-disabled'),
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Add More Images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add More Images' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [
      new File(['x'], 'mug.png', { type: 'image/png' }),
      new File(['x'], 'hat.png', { type: 'image/png' }),
    ]);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);

    // One upload: one upload time, newer than the draft already listed.
    const uploadedAt = '2026-11-28T10:00:00.000Z';
    const mug = { ...makePending('new-1', 'mug.png'), createdAt: uploadedAt };
    act(() => latestRequest().respond(202, { results: [mug], rejected: [] }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add More Images' })).toBeNull(),
    );
    expect(screen.getAllByRole('article')[0]).toBe(
      screen.getByRole('article', { name: 'mug.png' }),
    );
    const progress = screen.getByRole('region', { name: 'Upload in progress' });
    expect(within(progress).getByRole('status').textContent).toBe('Uploading photos: 1 of 2 sent');

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(latestRequest().field(UPLOAD_CONTINUES_FIELD)).toBe('new-1');
    const hat = { ...makePending('new-2', 'hat.png'), createdAt: uploadedAt };
    act(() => latestRequest().respond(202, { results: [hat], rejected: [] }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getAllByRole('article')[1]).toBe(
      screen.getByRole('article', { name: 'hat.png' }),
    );
    expect(screen.queryByText(/Uploading photos/)).toBeNull();
  });
});
