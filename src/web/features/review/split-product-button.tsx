import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { IconButton } from './icon-button';
import { SplitIcon } from './icons';
import { useSplitProduct } from './use-photo-actions';

/**
 * 'Split' undoes a combination, after a confirmation: the product keeps its main photo and each
 * other photo becomes a product of its own again, paying a credit as an upload does (combining
 * gave those credits back; ADR 033).
 */
/** What the split costs, said before the seller confirms it. */
function splitCostText(newProducts: number): string {
  return newProducts === 1
    ? 'The new product uses 1 credit.'
    : `Each new product uses 1 credit (${newProducts} credits).`;
}

export function SplitProductButton({
  productId,
  name,
  photoCount,
}: {
  productId: string;
  name: string;
  photoCount: number;
}) {
  const [confirming, setConfirming] = useState(false);
  const split = useSplitProduct(productId);
  return (
    <>
      <IconButton
        label="Split into separate products"
        icon={<SplitIcon className="size-4" />}
        loading={split.isPending}
        onClick={() => setConfirming(true)}
      />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Split into ${photoCount} products?`}
        description={`“${name}” keeps its main photo; ${
          photoCount === 2 ? 'the other photo' : `each of the other ${photoCount - 1} photos`
        } becomes a product of its own. ${splitCostText(photoCount - 1)}`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirming(false);
              split.mutate();
            }}
          >
            Split
          </Button>
        </div>
      </Dialog>
    </>
  );
}
