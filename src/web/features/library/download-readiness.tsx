import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ExportPlatform } from '#domain/export-common';
import { scopeReadinessSchema, type LibrarySelection, type ScopeReadiness } from '#domain/library';
import { describeChannelShortfall } from '#domain/channels';
import { describeLeftOut, describeUnready } from '#domain/readiness';
import { AskFirstDialog } from '#web/components/ask-first-dialog';
import { ApiError, apiFetch } from '#web/lib/api-client';

export const READINESS_FAILED_MESSAGE = 'Failed to prepare the download. Please try again.';

/** POST /api/library/readiness: how ready the products of a download are, before it starts. */
function fetchReadiness(selection: LibrarySelection): Promise<ScopeReadiness> {
  return apiFetch('/api/library/readiness', scopeReadinessSchema, {
    method: 'POST',
    body: { selection },
    fallbackMessage: READINESS_FAILED_MESSAGE,
  });
}

/**
 * The question before a download: the products needing attention, else the named products the
 * format's channel lacks something of; null when there is nothing to ask.
 */
function askFirstQuestion(count: ScopeReadiness, format: ExportPlatform): string | null {
  const unready = describeUnready(count);
  if (unready !== null) return unready;
  const lacking = count.channels[format].length > 0;
  return lacking ? 'Some products are missing what this store needs. Download anyway?' : null;
}

/** Who is left out, and what the format's channel still needs: 'WooCommerce needs: price (2 products).' */
function askFirstDetails(count: ScopeReadiness, format: ExportPlatform): string | null {
  const parts = [
    describeLeftOut(count.untitled, 'Download'),
    describeChannelShortfall(format, count.channels[format]),
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The library's downloads ask first, as the review screen's do: the server counts the scope
 * (the page holds only what is loaded), and when some products need attention the seller
 * confirms, told how many without a name the file leaves out.
 */
export function useAskBeforeDownload(download: (format: ExportPlatform) => void) {
  const [asking, setAsking] = useState<{ format: ExportPlatform; count: ScopeReadiness } | null>(
    null,
  );
  const [checking, setChecking] = useState<ExportPlatform | null>(null);

  const request = async (format: ExportPlatform, selection: LibrarySelection) => {
    setChecking(format);
    try {
      const count = await fetchReadiness(selection);
      if (askFirstQuestion(count, format) === null) download(format);
      else setAsking({ format, count });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : READINESS_FAILED_MESSAGE);
    } finally {
      setChecking(null);
    }
  };

  const dialog = (
    <AskFirstDialog
      question={asking ? askFirstQuestion(asking.count, asking.format) : null}
      leftOut={asking ? askFirstDetails(asking.count, asking.format) : null}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        if (asking) download(asking.format);
        setAsking(null);
      }}
    />
  );
  return {
    request: (format: ExportPlatform, selection: LibrarySelection) =>
      void request(format, selection),
    checking,
    dialog,
  };
}
