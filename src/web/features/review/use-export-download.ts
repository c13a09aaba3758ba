import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '#web/lib/api-client';
import type { ExportPlatform } from '#domain/export-common';
import { reviewApi } from './api';
import { useAutosaver } from './use-product-autosave';

/** Downloads a CSV after sending pending edits, so the file holds what the seller sees. */
export function useExportDownload() {
  const autosaver = useAutosaver();
  const [downloading, setDownloading] = useState<ExportPlatform | null>(null);

  const download = async (format: ExportPlatform) => {
    setDownloading(format);
    try {
      await autosaver.flushAll();
      if (autosaver.hasUnconfirmedEdits()) {
        toast.error('Some changes are not saved yet, so the file may not include them.');
      }
      const { blob, fileName } = await reviewApi.downloadExport(format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next tick: the click has started the download by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to download the CSV file');
    } finally {
      setDownloading(null);
    }
  };

  return { download, downloading };
}
