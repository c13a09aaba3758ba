import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '#web/lib/api-client';
import type { ExportPlatform } from '#domain/export-common';
import { reviewApi } from './api';
import { useAutosaver } from './use-product-autosave';

export interface ExportDownload {
  /** `url` defaults to the review list's export of `format`; a `body` is sent by POST. */
  download(format: ExportPlatform, url?: string, body?: unknown): Promise<void>;
  /** The format being downloaded, if any: one download at a time. */
  downloading: ExportPlatform | null;
}

/** Downloads a CSV after sending pending edits, so the file holds what the seller sees. */
export function useExportDownload(): ExportDownload {
  const autosaver = useAutosaver();
  const [downloading, setDownloading] = useState<ExportPlatform | null>(null);

  const download = async (format: ExportPlatform, url?: string, body?: unknown) => {
    setDownloading(format);
    try {
      await autosaver.flushAll();
      if (autosaver.hasUnconfirmedEdits()) {
        toast.error('Some changes are not saved yet, so the file may not include them.');
      }
      const { blob, fileName } = await reviewApi.downloadExport(format, url, body);
      const objectUrl = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next tick: the click has started the download by then.
      setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to download the CSV file');
    } finally {
      setDownloading(null);
    }
  };

  return { download, downloading };
}
