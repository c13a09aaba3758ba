/** Test-only helpers for the library screen: pages, a fake IntersectionObserver, rendering. */
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { CATALOGUE_GAPS, type GapCounts } from '#domain/catalogue-gaps';
import type { ExportPlatform } from '#domain/export-common';
import type { LibraryAccess, LibraryGaps, LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { stubFetch as stubAllFetch } from '#web/test-support/stub-fetch';
import { renderRoutes } from '#web/test-support/render-routes';
import { LibraryScreen, type RenderLibraryCard } from './library-screen';

export { makeProduct } from '#domain/test-support/product';
export { callsTo } from '#web/test-support/stub-fetch';

/** The audit's counts as GET /api/library/gaps answers them; gaps not named count 0. */
export function libraryGaps(gaps: Partial<GapCounts> = {}): { body: LibraryGaps } {
  const noGaps = Object.fromEntries(CATALOGUE_GAPS.map((gap) => [gap, 0])) as GapCounts;
  return { body: { gaps: { ...noGaps, ...gaps } } };
}

/** As the shared stub, with a library that has no gaps and no Improve run unless the test says otherwise. */
export function stubFetch(handlers: Parameters<typeof stubAllFetch>[0]) {
  return stubAllFetch({
    'GET /api/library/gaps': libraryGaps(),
    'GET /api/library/improve-runs/latest': { body: { run: null } },
    ...handlers,
  });
}

export function libraryPage(
  products: Product[],
  options: {
    nextCursor?: string | null;
    total?: number;
    access?: LibraryAccess;
    duplicateTitleIds?: string[];
  } = {},
): { body: LibraryPage } {
  return {
    body: {
      products,
      nextCursor: options.nextCursor ?? null,
      total: options.total ?? products.length,
      access: options.access ?? { mode: 'editable' },
      duplicateTitleIds: options.duplicateTitleIds ?? [],
    },
  };
}

/** Enough of IntersectionObserver for the list: tests say when an element comes into view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }

  observe(target: Element): void {
    this.targets.add(target);
  }

  unobserve(target: Element): void {
    this.targets.delete(target);
  }

  disconnect(): void {
    this.targets.clear();
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Every observer watching `target` hears that it is (or is no longer) near the screen. */
  static async show(target: Element, isIntersecting = true): Promise<void> {
    await act(async () => {
      for (const observer of FakeIntersectionObserver.instances) {
        if (!observer.targets.has(target)) continue;
        const entry = { target, isIntersecting } as unknown as IntersectionObserverEntry;
        observer.callback([entry], observer as unknown as IntersectionObserver);
      }
    });
  }
}

export function isolateLibraryTests(): void {
  beforeEach(() => {
    localStorage.clear();
    stubBrowserApis();
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** A card that shows what the screen gave it: the title, read-only or not, the checkbox, gaps. */
export const renderTestCard: RenderLibraryCard = (
  product,
  { readOnly, selectControl, gapChips },
) => (
  <article aria-label={product.title}>
    {selectControl}
    <p>{readOnly ? 'Read-only card' : 'Editable card'}</p>
    {gapChips}
  </article>
);

export function renderLibrary(path = '/library') {
  const downloads: { format: ExportPlatform; url: string; body?: unknown }[] = [];
  const downloader = {
    downloading: null,
    download: vi.fn(async (format: ExportPlatform, url: string, body?: unknown) => {
      downloads.push({ format, url, ...(body === undefined ? {} : { body }) });
    }),
  };
  const flushEdits = vi.fn(async () => undefined);
  const onDeleted = vi.fn();
  /** What each click of the test's publish button was given to publish, by id. */
  const published: string[][] = [];
  const view = renderRoutes(
    [
      {
        path: '/library',
        element: (
          <LibraryScreen
            renderCard={renderTestCard}
            downloader={downloader}
            flushEdits={flushEdits}
            onDeleted={onDeleted}
            renderPublish={(target) => (
              <button
                type="button"
                onClick={async () => published.push((await target.load()).map((p) => p.id))}
              >
                {target.everything ? `Publish all ${target.count}` : `Publish ${target.count}`}
              </button>
            )}
          />
        ),
      },
      { path: '/create', element: <p>Create page</p> },
    ],
    path,
  );
  return { ...view, downloads, flushEdits, onDeleted, published };
}
