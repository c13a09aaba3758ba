import { expect, test } from './fixtures';

test('the service worker registers at load and caches the app shell, never the API', async ({
  page,
}) => {
  await page.goto('/');
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return { names, urls };
  });
  expect(cached.names).toHaveLength(1);
  expect(cached.names[0]).toMatch(/^listsmith-shell-[0-9a-f]{12}$/);
  expect(cached.urls).toContain('/index.html');
  expect(cached.urls.some((url) => url.startsWith('/assets/'))).toBe(true);
  expect(cached.urls.some((url) => url.startsWith('/api/'))).toBe(false);

  // sw.js and index.html are always revalidated, so a deploy is picked up on the next load.
  const sw = await page.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
});
