import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TrashIcon } from './icons';
import { IconButton } from './icon-button';
import { useDeleteProduct } from './use-product-actions';

export type ProductPlace = 'review' | 'library';

const PLACE_NAMES: Record<ProductPlace, string> = {
  review: 'your review list',
  library: 'your library',
};

/** Delete with a confirmation dialog; the card disappears at once (see useDeleteProduct). */
export function DeleteProductButton({
  productId,
  name,
  place = 'review',
}: {
  productId: string;
  name: string;
  place?: ProductPlace;
}) {
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
        description={`“${name}” will be removed from ${PLACE_NAMES[place]}. This cannot be undone.`}
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
