/**
 * A large upload in several requests: the first drafts hand over at once, the rest go on above
 * the screens (UploadStatus) with real progress, Cancel, and the server's word when it stops.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CONTINUES_FIELD, type Product } from '#domain/products';
import { notEnoughCreditsMessage, UPLOAD_MESSAGES } from '#domain/upload-rules';
import { productsQueryKey } from '#web/lib/products';
import { ProductUploader } from './product-uploader';
import { FakeXhr, installFakeXhr, latestRequest } from './test-support/fake-xhr';
import {
  fileOf,
  makeProduct,
  profileWith,
  renderWithProviders,
  resetUpload,
  stubProfileFetch,
} from './test-support/render-uploader';
import { ALL_REJECTED_MESSAGE, UPLOAD_BATCH_SIZE, useUploadStore } from './upload-store';
import { UploadStatus } from './upload-status';

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  // react-hot-toast asks for prefers-reduced-motion, which jsdom does not implement.
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});

afterEach(async () => {
  cleanup();
  await resetUpload();
  toast.remove();
  vi.unstubAllGlobals();
});

const premium = profileWith({ planName: 'Premium', subscriptionCredits: 50, fixedCredits: 100 });
const pngs = (count: number) =>
  Array.from({ length: count }, (_, index) => fileOf(`photo-${index + 1}.png`, 'image/png'));
const draftsOf = (xhr: FakeXhr): Product[] =>
  xhr.filesIn('images').map((file) => makeProduct(`id-${file.name}`, file.name));

async function startWith(files: File[]) {
  const fetch = stubProfileFetch(premium);
  const onUploaded = vi.fn<(products: Product[]) => void>();
  const view = renderWithProviders(
    <>
      <UploadStatus />
      <ProductUploader onUploaded={onUploaded} />
      <Toaster />
    </>,
  );
  await screen.findByRole('button', {
    name: 'Drag and drop product photos here or click to browse your files',
  });
  await view.user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, files);
  return { ...view, fetch, onUploaded };
}

/** Answers the request in flight with a draft for each of its files; returns them. */
async function answerLatest(count: number): Promise<Product[]> {
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(count));
  const xhr = latestRequest();
  const drafts = draftsOf(xhr);
  act(() => xhr.respond(202, { results: drafts, rejected: [] }));
  return drafts;
}

describe('an upload in several requests', () => {
  it('sends the first photo alone, hands its draft over, then the rest in batches, in order', async () => {
    const { onUploaded, queryClient } = await startWith(pngs(25));
    const first = await answerLatest(1);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(first));

    // The rest goes on, shown above the screens with real progress.
    expect(await screen.findByText('Uploading photos: 1 of 25 sent')).toBeTruthy();
    const drafts = [...first];
    for (let request = 2; request <= 4; request++) {
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(request));
      expect(latestRequest().field(UPLOAD_CONTINUES_FIELD)).toBe(drafts.at(-1)!.id);
      drafts.push(...(await answerLatest(request)));
    }
    expect(FakeXhr.instances.map((xhr) => xhr.filesIn('images').length)).toEqual([
      1,
      UPLOAD_BATCH_SIZE,
      UPLOAD_BATCH_SIZE,
      24 - 2 * UPLOAD_BATCH_SIZE,
    ]);
    await waitFor(() => expect(useUploadStore.getState().run).toBeNull());
    expect(queryClient.getQueryData(productsQueryKey)).toEqual(drafts);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Upload in progress' })).toBeNull();
  });

  it('shows the progress of the request in flight and cancels the rest from the keyboard', async () => {
    const { user, queryClient } = await startWith(pngs(25));
    const first = await answerLatest(1);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const second = latestRequest();
    // Half of the second request's body: 5 of its 10 equal files.
    act(() => second.reportProgress(5_000, 10_000));
    expect(screen.getByRole('status').textContent).toBe('Uploading photos: 6 of 25 sent');
    expect(
      screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('24');

    screen.getByRole('button', { name: 'Cancel upload' }).focus();
    await user.keyboard('{Enter}');
    expect(second.aborted).toBe(true);
    const notice = await screen.findByText('Upload cancelled.');
    expect(notice.parentElement?.textContent).toContain(
      '1 of 25 photos uploaded; the rest were not sent.',
    );
    expect(FakeXhr.instances).toHaveLength(2);
    // What landed stays; the list is fetched again (the server withdrew the cancelled request).
    expect(queryClient.getQueryData(productsQueryKey)).toEqual(first);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Upload cancelled.')).toBeNull();
  });

  it('stops at a server error mid-way, says why where the seller is, and keeps what landed', async () => {
    const { fetch, queryClient } = await startWith(pngs(15));
    const first = await answerLatest(1);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const message = notEnoughCreditsMessage(3, 10);
    act(() => latestRequest().respond(402, { message }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).toContain('1 of 15 photos uploaded; the rest were not sent.');
    expect(FakeXhr.instances).toHaveLength(2);
    expect(queryClient.getQueryData(productsQueryKey)).toEqual(first);
    // The credits were stale: fetched again.
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(3));
    // The uploader is free again.
    const zone = screen.getByRole('button', {
      name: 'Drag and drop product photos here or click to browse your files',
    });
    expect(zone.hasAttribute('disabled')).toBe(false);
  });

  it('goes on past photos the server refuses and names them all once at the end', async () => {
    const { onUploaded } = await startWith(pngs(12));
    // The first photo is refused: the next one goes alone in its place.
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => latestRequest().respond(400, { error: UPLOAD_MESSAGES.unsupportedFormat }));
    const first = await answerLatest(2);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(first));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(3));
    const last = latestRequest();
    expect(last.filesIn('images')).toHaveLength(10);
    const [kept, ...refused] = draftsOf(last);
    const rejected = refused.map((product) => ({
      fileName: product.fileName,
      message: UPLOAD_MESSAGES.fileTooLarge,
    }));
    act(() => last.respond(202, { results: [kept], rejected }));

    const told = await screen.findByText('10 images were not uploaded');
    expect(told.parentElement?.textContent).toContain(
      `photo-1.png: ${UPLOAD_MESSAGES.unsupportedFormat}`,
    );
    expect(told.parentElement?.textContent).toContain(
      `photo-12.png: ${UPLOAD_MESSAGES.fileTooLarge}`,
    );
    expect(screen.getAllByText(/images? (was|were) not uploaded/)).toHaveLength(1);
  });

  it('says none went through, naming each, when the server refuses every photo', async () => {
    const { onUploaded } = await startWith(pngs(2));
    for (let request = 1; request <= 2; request++) {
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(request));
      act(() => latestRequest().respond(413, { error: UPLOAD_MESSAGES.fileTooLarge }));
    }
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(ALL_REJECTED_MESSAGE);
    expect(banner.textContent).toContain(`photo-2.png: ${UPLOAD_MESSAGES.fileTooLarge}`);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('asks before the page is left while photos are still to be sent, and not after', async () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await startWith(pngs(3));
    expect(leave()).toBe(true);
    await answerLatest(1);
    await answerLatest(2);
    await waitFor(() => expect(useUploadStore.getState().run).toBeNull());
    expect(leave()).toBe(false);
  });
});
