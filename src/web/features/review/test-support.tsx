/** Test-only helpers for the review screen: products, a fetch stub and a fake EventSource. */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubBrowserApis as stubCommonBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { profileWith } from '#web/test-support/profile';

export { makeProduct } from '#domain/test-support/product';

export const freeProfile = profileWith({ fixedCredits: 2 });

export { callsTo, stubFetch } from '#web/test-support/stub-fetch';

/** Enough of EventSource for the review screen: tests open it and push named events. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

/** The shared browser stubs plus an EventSource the test drives. */
export function stubBrowserApis(): void {
  stubCommonBrowserApis();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

/** Every test of the file starts with empty storage and stubbed browser APIs, and ends unmounted. */
export function isolateReviewTests(): void {
  beforeEach(() => {
    localStorage.clear();
    stubBrowserApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function renderScreen(
  element: ReactNode,
  options: { path?: string; extraRoutes?: RouteObject[] } = {},
) {
  const path = options.path ?? '/productlibrary';
  return renderRoutes(
    [
      { path, element },
      { path: '/create', element: <p>Create page</p> },
      ...(options.extraRoutes ?? []),
    ],
    path,
  );
}
