import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TrashIcon } from './icons';
import { IconButton } from './icon-button';
import { useDeleteProduct } from './use-product-actions';

/** Delete with a confirmation dialog; the card disappears at once (see useDeleteProduct). */
export function DeleteProductButton({ productId, name }: { productId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteProduct();
  return (
    <>
      <IconButton
        label="Delete product"
        tone="danger"
        icon={<TrashIcon className="size-4" />}
        onClick={() => setConfirming(true)}
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this product?"
        description={`“${name}” will be removed from your review list. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              deletion.mutate(productId);
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </>
  );
}
