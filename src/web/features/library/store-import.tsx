/**
 * 'Import from Shopify' beside the file picker: the seller's connected store (a choice when there
 * are several) read through Shopify's API instead of a file.
 */
import { useId, useState } from 'react';
import type { ConnectedStore } from '#domain/api/shopify';
import { Button } from '#web/components/ui/button';

export function StoreImport({
  stores,
  pending,
  onImport,
}: {
  stores: readonly ConnectedStore[];
  pending: boolean;
  onImport(shop: string): void;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState(stores[0]?.shopDomain ?? '');
  const shop = stores.some((store) => store.shopDomain === chosen)
    ? chosen
    : (stores[0]?.shopDomain ?? '');
  return (
    <form
      className="mt-3 flex flex-wrap items-center gap-3 border-t border-stone-100 pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (shop) onImport(shop);
      }}
    >
      {stores.length > 1 ? (
        <>
          <label htmlFor={selectId} className="text-sm text-stone-700">
            Shopify store
          </label>
          <select
            id={selectId}
            value={shop}
            onChange={(event) => setChosen(event.target.value)}
            className="rounded-md border border-stone-300 px-2 py-1.5 text-sm"
          >
            {stores.map((store) => (
              <option key={store.id} value={store.shopDomain}>
                {store.shopDomain}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="text-sm text-stone-700">Or straight from {shop}:</p>
      )}
      <Button type="submit" variant="secondary" disabled={pending}>
        Import from Shopify
      </Button>
    </form>
  );
}
