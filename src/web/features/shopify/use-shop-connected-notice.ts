import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import {
  SHOP_CONNECT_ERROR_MESSAGES,
  SHOP_CONNECT_ERRORS,
  shopConnectedMessage,
  type ShopConnectError,
} from '#domain/api/shopify';
import { isShopDomain } from '#domain/shopify-domain';

/** Stores whose connection notice was shown, so each is announced once (spec: local storage). */
export const SHOWN_NOTICES_KEY = 'shop-connected-notices';

function shownStores(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOWN_NOTICES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function remember(shop: string): void {
  try {
    localStorage.setItem(SHOWN_NOTICES_KEY, JSON.stringify([...shownStores(), shop]));
  } catch {
    // Storage full or blocked: the notice may show again, nothing worse.
  }
}

/**
 * The `shop_connected={store}` notice on /create and /productlibrary: a success toast once per
 * store, then the parameter leaves the address. A failed connection (`shop_error`) says why.
 */
export function useShopConnectedNotice(enabled = true): void {
  const [params, setParams] = useSearchParams();
  const shop = params.get('shop_connected');
  const failure = params.get('shop_error');

  useEffect(() => {
    if (!enabled || (shop === null && failure === null)) return;
    if (shop !== null && isShopDomain(shop) && !shownStores().includes(shop)) {
      toast.success(shopConnectedMessage(shop), { id: `shop-connected-${shop}`, duration: 6000 });
      remember(shop);
    }
    if (failure !== null && (SHOP_CONNECT_ERRORS as readonly string[]).includes(failure)) {
      toast.error(SHOP_CONNECT_ERROR_MESSAGES[failure as ShopConnectError], {
        id: 'shop-connect-failed',
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('shop_connected');
        next.delete('shop_error');
        return next;
      },
      { replace: true },
    );
  }, [enabled, shop, failure, setParams]);
}
