import toast from 'react-hot-toast';
import type { UploadRejection } from '#domain/products';

/** The files the server refused after reading them, each with the spec's message. */
export function RejectedFilesList({ rejected }: { rejected: readonly UploadRejection[] }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5">
      {rejected.map((rejection, index) => (
        <li key={`${index}-${rejection.fileName}`}>
          <span className="font-medium break-all">{rejection.fileName}</span>: {rejection.message}
        </li>
      ))}
    </ul>
  );
}

/** Some files went through and some did not: the upload goes on, the refusals stay visible. */
export function toastRejectedFiles(rejected: readonly UploadRejection[]): void {
  toast.error(
    <div className="text-sm">
      <p className="font-medium">
        {rejected.length === 1
          ? '1 image was not uploaded'
          : `${rejected.length} images were not uploaded`}
      </p>
      <RejectedFilesList rejected={rejected} />
    </div>,
    // Longer than the 4 s default: it is a list to read, and the screen may change under it.
    { duration: 10_000 },
  );
}
