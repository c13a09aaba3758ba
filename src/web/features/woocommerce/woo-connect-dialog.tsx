import { useState, type FormEvent } from 'react';
import { INVALID_STORE_URL_MESSAGE, normalizeStoreUrl } from '#domain/woocommerce-publish';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/text-field';
import { useConnectWoo } from './use-woocommerce';

/**
 * Connect a WooCommerce store: its address, then WooCommerce's own page asks the store owner to
 * approve Listsmith (read/write). The address is checked here for a quick answer; the server,
 * which knows whether plain http may be used, decides.
 */
export function WooConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [address, setAddress] = useState('');
  const [invalid, setInvalid] = useState(false);
  const connect = useConnectWoo();
  const busy = connect.isPending || connect.isSuccess;
  const error = invalid ? INVALID_STORE_URL_MESSAGE : connect.error?.message;

  function submit(event: FormEvent) {
    event.preventDefault();
    const storeUrl = normalizeStoreUrl(address, () => true);
    setInvalid(storeUrl === null);
    if (storeUrl) connect.mutate(storeUrl);
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
      title="Connect your WooCommerce store"
      description="Enter your store’s address. WooCommerce then asks you, as the store’s administrator, to approve Listsmith with read/write access."
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          label="Store address"
          name="storeUrl"
          placeholder="https://shop.example.com"
          autoComplete="url"
          spellCheck={false}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
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
