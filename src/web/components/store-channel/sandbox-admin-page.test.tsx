import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { SandboxAdminPage, SandboxProductRow } from './sandbox-admin-page';

beforeEach(() => stubBrowserApis());
afterEach(cleanup);

interface Item {
  id: string;
  name: string;
  images: string[];
}

function Page({ load }: { load(): Promise<{ products: Item[] }> }) {
  const products = useQuery({ queryKey: ['sandbox-admin-test'], queryFn: load });
  return (
    <SandboxAdminPage
      notice="Test mode: a test store"
      badge="Test admin"
      store="shop.example"
      backTo="/library"
      products={products}
      columns={['Image', 'Name', 'Status', 'Price', 'Updated']}
      renderRow={(item) => (
        <SandboxProductRow
          key={item.id}
          anchor={item.id}
          images={item.images}
          name={item.name}
          countImages
          details={<p>details of {item.name}</p>}
          live={item.id === '1'}
          status={item.id === '1' ? 'Live' : 'Draft'}
          updatedAt="2026-11-25T10:00:00.000Z"
        >
          <td>$5.00</td>
        </SandboxProductRow>
      )}
    />
  );
}

const renderPage = (load: () => Promise<{ products: Item[] }>) =>
  renderRoutes([{ path: '/', element: <Page load={load} /> }], '/');

describe('SandboxAdminPage', () => {
  it('lists what the store holds, a row a product anchored for its admin link', async () => {
    renderPage(async () => ({
      products: [
        { id: '1', name: 'Mug', images: ['/a.jpg', '/b.jpg'] },
        { id: '2', name: 'Hat', images: [] },
      ],
    }));
    expect(screen.getByText('Test mode: a test store')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Products in shop.example' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.id)).toEqual(['product-1', 'product-2']);
    expect(rows[0]!.textContent).toContain('2 images');
    expect(rows[0]!.textContent).toContain('details of Mug');
    expect(rows[0]!.textContent).toContain('Live');
    expect(within(rows[0]!).getByRole('img', { name: 'Mug' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Draft');
    expect(screen.getByRole('link', { name: 'Back to Listsmith' }).getAttribute('href')).toBe(
      '/library',
    );
  });

  it('says when nothing was published, or why the list could not load', async () => {
    renderPage(async () => ({ products: [] }));
    expect(await screen.findByText('Nothing has been published to this store yet.')).toBeTruthy();
    cleanup();

    renderPage(() => Promise.reject(new Error('Failed to load the sandbox store’s products')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load the sandbox store’s products',
    );
  });
});
