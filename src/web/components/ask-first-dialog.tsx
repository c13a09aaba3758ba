import { Button } from './ui/button';
import { Dialog } from './ui/dialog';

/**
 * Asks before a download (or publish) while some products still need attention: '2 of 5
 * products still need attention. Download anyway?', and, when some have no name, that they are
 * left out ('1 product has no name, so it is left out of the file.'). Cancel comes first, so
 * Enter on the opened dialog goes nowhere. Shared by the review screen and the library.
 */
export function AskFirstDialog({
  question,
  leftOut,
  confirmLabel = 'Download anyway',
  onCancel,
  onConfirm,
}: {
  /** Null: closed. */
  question: string | null;
  leftOut?: string | null;
  confirmLabel?: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog
      open={question !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={question ?? ''}
      description={leftOut ?? undefined}
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </Dialog>
  );
}
