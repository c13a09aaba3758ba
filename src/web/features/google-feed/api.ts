import { GOOGLE_FEED_FILE_NAMES, type GoogleFeedFormat } from '#domain/google-feed';
import {
  feedAddressSchema,
  feedStatusSchema,
  type FeedAddress,
  type FeedSettings,
  type FeedStatus,
} from '#domain/merchant-feed';
import { apiFetch, apiRequest, apiSend } from '#web/lib/api-client';

/** The Google feed's routes (src/domain/merchant-feed.ts). */
export const googleFeedApi = {
  status: (): Promise<FeedStatus> =>
    apiFetch('/api/google-feed', feedStatusSchema, {
      fallbackMessage: 'Could not load your Google feed.',
    }),

  saveSettings: (settings: FeedSettings): Promise<FeedStatus> =>
    apiFetch('/api/google-feed/settings', feedStatusSchema, {
      method: 'PUT',
      body: settings,
      fallbackMessage: 'Could not save the feed settings.',
    }),

  createAddress: (): Promise<FeedAddress> =>
    apiFetch('/api/google-feed/address', feedAddressSchema, {
      method: 'POST',
      fallbackMessage: 'Could not make a feed address.',
    }),

  revokeAddress: (): Promise<void> =>
    apiSend('/api/google-feed/address', {
      method: 'DELETE',
      fallbackMessage: 'Could not turn the feed address off.',
    }),

  /** The feed as a file, fetched so a failure shows as a message. */
  async download(format: GoogleFeedFormat): Promise<void> {
    const response = await apiRequest(`/api/google-feed/download.${format}`, {
      fallbackMessage: 'Failed to download the feed.',
    });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = GOOGLE_FEED_FILE_NAMES[format];
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  },
};
