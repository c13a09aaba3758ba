import toast from 'react-hot-toast';
import { CopyIcon } from './icons';
import { IconButton } from './icon-button';

export type CopyLabel = 'Product name' | 'Product description' | 'Price';

export async function copyToClipboard(label: CopyLabel, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${label} copied`);
  } catch {
    toast.error('Copying is not allowed in this browser. Select the text and copy it instead.');
  }
}

export function CopyButton({ label, text }: { label: CopyLabel; text: string }) {
  return (
    <IconButton
      label={`Copy ${label.toLowerCase()}`}
      icon={<CopyIcon className="size-4" />}
      onClick={() => void copyToClipboard(label, text)}
    />
  );
}
