import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CONTINUES_FIELD, type Product } from '#domain/products';
import {
  notEnoughCreditsMessage,
  STORAGE_UNAVAILABLE_MESSAGE,
  UPLOAD_MESSAGES,
} from '#domain/upload-rules';
import { useBuyCredits } from '#web/lib/buy-credits';
import { productsQueryKey } from '#web/lib/products';
import { ProductUploader } from './product-uploader';
import { installFakeXhr, latestRequest, onlyRequest, FakeXhr } from './test-support/fake-xhr';
import {
  fileOf,
  makeProduct,
  profileWith,
  renderWithProviders,
  resetUpload,
  stubProfileFetch,
} from './test-support/render-uploader';
import { UPLOAD_ENDPOINT } from './upload-request';
import { useUploadStore } from './upload-store';

const MB = 1024 * 1024;

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn((file: Blob) => `blob:preview/${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  cleanup();
  await resetUpload();
  toast.remove();
  vi.unstubAllGlobals();
});

function renderUploader(profile = profileWith({}), { withToaster = false } = {}) {
  const fetch = stubProfileFetch(profile);
  const onUploaded = vi.fn<(products: Product[]) => void>();
  if (withToaster) {
    // react-hot-toast asks for prefers-reduced-motion, which jsdom does not implement.
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
  }
  const view = renderWithProviders(
    <>
      <ProductUploader onUploaded={onUploaded} />
      {withToaster && <Toaster />}
    </>,
  );
  return { ...view, fetch, onUploaded };
}

async function choose(user: ReturnType<typeof renderUploader>['user'], files: File[]) {
  await screen.findByRole('button', {
    name: 'Drag and drop product photos here or click to browse your files',
  });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, files);
}

const pngs = (count: number) =>
  Array.from({ length: count }, (_, index) => fileOf(`photo-${index + 1}.png`, 'image/png'));

describe('ProductUploader: rules checked before sending', () => {
  it.each([
    ['4 images on the free plan', pngs(4), UPLOAD_MESSAGES.tooManyFree, []],
    [
      'a text file',
      [fileOf('notes.txt', 'text/plain')],
      UPLOAD_MESSAGES.unsupportedFormat,
      [`notes.txt: ${UPLOAD_MESSAGES.unsupportedFormat}`],
    ],
    [
      'an 11 MB image',
      [fileOf('big.jpg', 'image/jpeg', 11 * MB)],
      UPLOAD_MESSAGES.fileTooLarge,
      [`big.jpg: ${UPLOAD_MESSAGES.fileTooLarge}`],
    ],
    [
      'an AVIF image',
      [fileOf('photo.avif', 'image/avif')],
      UPLOAD_MESSAGES.unsupportedFormat,
      [`photo.avif: ${UPLOAD_MESSAGES.unsupportedFormat}`],
    ],
    [
      'a valid image beside an invalid one',
      [fileOf('ok.png', 'image/png'), fileOf('notes.txt', 'text/plain')],
      UPLOAD_MESSAGES.unsupportedFormat,
      [`notes.txt: ${UPLOAD_MESSAGES.unsupportedFormat}`],
    ],
    [
      'several files refused for different reasons',
      [
        fileOf('ok.png', 'image/png'),
        fileOf('notes.txt', 'text/plain'),
        fileOf('big.jpg', 'image/jpeg', 11 * MB),
      ],
      UPLOAD_MESSAGES.unsupportedFormat,
      [
        `notes.txt: ${UPLOAD_MESSAGES.unsupportedFormat}`,
        `big.jpg: ${UPLOAD_MESSAGES.fileTooLarge}`,
      ],
    ],
  ])(
    'refuses %s with the spec message, naming each refused file',
    async (_, files, message, named) => {
      const { user } = renderUploader();
      await choose(user, files);
      const banner = await screen.findByRole('alert');
      expect(banner.textContent?.startsWith(message)).toBe(true);
      const items = Array.from(banner.querySelectorAll('li')).map((li) => li.textContent);
      expect(items.sort()).toEqual([...named].sort());
      expect(banner.className).toContain('bg-red-50');
      expect(FakeXhr.instances).toHaveLength(0);
    },
  );

  it('refuses more images than credits', async () => {
    const { user } = renderUploader(profileWith({ fixedCredits: 2 }));
    await choose(user, pngs(3));
    expect((await screen.findByRole('alert')).textContent).toBe(notEnoughCreditsMessage(2, 3));
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('allows 100 images on premium but not 101', async () => {
    const { user } = renderUploader(
      profileWith({ planName: 'Premium', subscriptionCredits: 50, fixedCredits: 100 }),
    );
    await choose(user, pngs(101));
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_MESSAGES.tooManyPremium);
    expect(FakeXhr.instances).toHaveLength(0);

    await choose(user, pngs(100));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ProductUploader: sending', () => {
  it('posts the files as repeated `images` parts, shows real progress and hands over the drafts', async () => {
    const { user, onUploaded, fetch, queryClient } = renderUploader();
    const files = [fileOf('mug.png', 'image/png', 300), fileOf('hat.heic', '', 100)];
    await choose(user, files);

    // The first photo goes alone, so its draft is on screen soon; the rest follow.
    const first = onlyRequest();
    expect(first.method).toBe('POST');
    expect(first.url).toBe(UPLOAD_ENDPOINT);
    expect(first.filesIn('images').map((file) => file.name)).toEqual(['mug.png']);
    expect(first.field(UPLOAD_CONTINUES_FIELD)).toBeNull();

    // One skeleton per file, the drop zone disabled, a local preview where the browser can draw it.
    const cards = within(screen.getByRole('list', { name: 'Images being uploaded' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    const zone = screen.getByRole('button', {
      name: 'Drag and drop product photos here or click to browse your files',
    });
    expect(zone.hasAttribute('disabled')).toBe(true);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(URL.createObjectURL).toHaveBeenCalledWith(files[0]);

    // 200 of 400 body bytes: half of the first file (its 300 bytes are 3/4 of all file bytes).
    act(() => first.reportProgress(200, 400));
    const bar = (name: string) =>
      screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow');
    expect(bar('Upload progress')).toBe('37');
    expect(bar('Uploading mug.png')).toBe('50');
    expect(bar('Uploading hat.heic')).toBe('0');

    const mug = makeProduct('p1', 'mug.png');
    act(() => first.respond(202, { results: [mug], rejected: [] }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([mug]));
    expect(queryClient.getQueryData(productsQueryKey)).toEqual([mug]);
    // Credits changed on the server: the profile is fetched again.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // The uploader hands over: the rest shows above the screens (UploadStatus).
    expect(screen.queryByRole('list', { name: 'Images being uploaded' })).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview/mug.png');

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const second = latestRequest();
    expect(second.filesIn('images').map((file) => file.name)).toEqual(['hat.heic']);
    expect(second.field(UPLOAD_CONTINUES_FIELD)).toBe('p1');
    const hat = makeProduct('p2', 'hat.heic');
    act(() => second.respond(202, { results: [hat], rejected: [] }));
    await waitFor(() => expect(queryClient.getQueryData(productsQueryKey)).toEqual([mug, hat]));
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('keeps a draft the events already brought in a newer version than the answer', async () => {
    const { user, queryClient } = renderUploader();
    await choose(user, [fileOf('mug.png', 'image/png', 300)]);
    const pending = makeProduct('p1', 'mug.png');
    // The photo's draft finished (and was announced) while the upload still ran.
    const ready = { ...pending, title: 'Black mug', updatedAt: '2099-01-01T00:00:00.000Z' };
    queryClient.setQueryData(productsQueryKey, [ready]);
    act(() => onlyRequest().respond(202, { results: [pending], rejected: [] }));
    await waitFor(() => expect(useUploadStore.getState().run).toBeNull());
    expect(queryClient.getQueryData(productsQueryKey)).toEqual([ready]);
  });

  it('shows the server message of a 402 in the red banner', async () => {
    const { user, onUploaded, fetch } = renderUploader();
    await choose(user, pngs(2));
    const message = notEnoughCreditsMessage(1, 2);
    act(() => onlyRequest().respond(402, { message }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onUploaded).not.toHaveBeenCalled();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(
      screen.getByRole('button', {
        name: 'Drag and drop product photos here or click to browse your files',
      }),
    ).toBeTruthy();
  });

  it('reads the app error shape `{ error }` too', async () => {
    const { user } = renderUploader();
    await choose(user, pngs(1));
    act(() => onlyRequest().respond(429, { error: 'Too many uploads. Please wait a minute' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many uploads. Please wait a minute',
    );
  });

  it('shows why when image storage is unavailable (503: nothing was charged)', async () => {
    const { user, onUploaded } = renderUploader();
    await choose(user, pngs(1));
    act(() => onlyRequest().respond(503, { error: STORAGE_UNAVAILABLE_MESSAGE }));
    expect((await screen.findByRole('alert')).textContent).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it.each([
    ['a network failure', (xhr: FakeXhr) => xhr.failNetwork()],
    ['a server error', (xhr: FakeXhr) => xhr.respond(500, { error: 'Server error occurred' })],
    ['a 202 that is not the contract', (xhr: FakeXhr) => xhr.respond(202, { results: 'no' })],
  ])('shows the processing failure on %s', async (_, fail) => {
    const { user, onUploaded } = renderUploader();
    await choose(user, pngs(1));
    act(() => fail(onlyRequest()));
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_MESSAGES.processingFailed);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('lists the files the server refused while the accepted ones proceed', async () => {
    const { user, onUploaded } = renderUploader(profileWith({}), { withToaster: true });
    await choose(user, pngs(2));
    const results = [makeProduct('p1', 'photo-1.png')];
    act(() => onlyRequest().respond(202, { results, rejected: [] }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(results));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const rejected = [{ fileName: 'photo-2.png', message: UPLOAD_MESSAGES.unsupportedFormat }];
    act(() => latestRequest().respond(202, { results: [], rejected }));
    const toast = await screen.findByText('1 image was not uploaded');
    expect(toast.parentElement?.textContent).toContain(
      `photo-2.png: ${UPLOAD_MESSAGES.unsupportedFormat}`,
    );
  });

  it('shows the refusals in the banner when no file went through', async () => {
    const { user, onUploaded } = renderUploader();
    await choose(user, pngs(1));
    const rejected = [{ fileName: 'photo-1.png', message: UPLOAD_MESSAGES.unsupportedFormat }];
    act(() => onlyRequest().respond(202, { results: [], rejected }));

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(`photo-1.png: ${UPLOAD_MESSAGES.unsupportedFormat}`);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('cancels: the request is aborted and the drop zone is back', async () => {
    const { user, onUploaded } = renderUploader();
    await choose(user, pngs(1));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onlyRequest().aborted).toBe(true);
    expect((await screen.findByRole('status')).textContent).toBe('Upload cancelled.');
    const zone = screen.getByRole('button', {
      name: 'Drag and drop product photos here or click to browse your files',
    });
    expect(zone.hasAttribute('disabled')).toBe(false);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('goes on when the uploader is unmounted (the seller leaves the screen)', async () => {
    const { user, unmount, onUploaded, queryClient } = renderUploader();
    await choose(user, pngs(1));
    unmount();
    const xhr = onlyRequest();
    expect(xhr.aborted).toBe(false);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview/photo-1.png');
    const results = [makeProduct('p1', 'photo-1.png')];
    act(() => xhr.respond(202, { results, rejected: [] }));
    await waitFor(() => expect(queryClient.getQueryData(productsQueryKey)).toEqual(results));
    // Only a mounted uploader takes the seller on to the review screen.
    expect(onUploaded).not.toHaveBeenCalled();
  });
});

describe('ProductUploader: credits and keyboard', () => {
  it('shows the No Credits Available panel instead of the drop zone to a free user with 0 credits', async () => {
    useBuyCredits.setState({ isOpen: false, openedAutomatically: false });
    const { user } = renderUploader(profileWith({ fixedCredits: 0, subscriptionCredits: 0 }));
    expect(await screen.findByRole('heading', { name: 'No Credits Available' })).toBeTruthy();
    expect(
      screen.queryByRole('button', {
        name: 'Drag and drop product photos here or click to browse your files',
      }),
    ).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
    // On /create the Buy Credits dialog opens by itself, once; the panel's button opens it again.
    expect(useBuyCredits.getState().isOpen).toBe(true);
    useBuyCredits.getState().close();
    await user.click(screen.getByRole('button', { name: 'Buy Credits or Upgrade' }));
    expect(useBuyCredits.getState().isOpen).toBe(true);
  });

  it('opens the Buy Credits dialog by itself only once', async () => {
    useBuyCredits.setState({ isOpen: false, openedAutomatically: true });
    renderUploader(profileWith({ fixedCredits: 0, subscriptionCredits: 0 }));
    expect(await screen.findByRole('heading', { name: 'No Credits Available' })).toBeTruthy();
    expect(useBuyCredits.getState().isOpen).toBe(false);
  });

  it('lets a premium user with 0 credits reach the drop zone (the credits rule answers)', async () => {
    const { user } = renderUploader(profileWith({ planName: 'Premium', fixedCredits: 0 }));
    await choose(user, pngs(1));
    expect((await screen.findByRole('alert')).textContent).toBe(notEnoughCreditsMessage(0, 1));
  });

  it('is focusable, describes the rules and opens the picker with Enter or Space', async () => {
    const { user } = renderUploader(profileWith({ fixedCredits: 2 }));
    const zone = await screen.findByRole('button', {
      name: 'Drag and drop product photos here or click to browse your files',
    });
    const description = document.getElementById(zone.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(
      'JPEG, PNG, GIF, HEIC, WebP or SVG · up to 10MB per image · up to 3 images per upload · 2 credits left',
    );

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const pickerOpened = vi.fn();
    input.addEventListener('click', pickerOpened);
    await user.tab();
    expect(document.activeElement).toBe(zone);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(pickerOpened).toHaveBeenCalledTimes(2);
  });
});
