import { useState, type FormEvent } from 'react';
import { INVALID_SHOP_DOMAIN_MESSAGE, normalizeShopDomain } from '#domain/shopify-domain';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { useConnectStore } from './use-store-connection';

/**
 * The store-connect dialog (spec: a field for the store domain, submit, errors in the dialog).
 * The domain is checked here for a quick answer and again by the server, which decides.
 */
export function StoreConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [domain, setDomain] = useState('');
  const [invalid, setInvalid] = useState(false);
  const connect = useConnectStore();
  // Busy until the browser has left for the consent page.
  const busy = connect.isPending || connect.isSuccess;
  const error = invalid ? INVALID_SHOP_DOMAIN_MESSAGE : connect.error?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    const shop = normalizeShopDomain(domain);
    setInvalid(shop === null);
    if (shop) connect.mutate(shop);
  }

  function change(next: boolean) {
    if (!next) {
      setInvalid(false);
      connect.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Connect your Shopify store"
      description="Enter your store’s myshopify.com domain. Shopify then asks you to approve Listsmith."
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label="Store domain"
          name="shop"
          placeholder="your-store.myshopify.com"
          autoComplete="off"
          spellCheck={false}
          value={domain}
          onChange={(event) => {
            setDomain(event.target.value);
            setInvalid(false);
          }}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={busy}>
            Connect store
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
