import type { Dispatch, SetStateAction } from 'react';
import toast from 'react-hot-toast';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import { ApiError } from '#web/lib/api-client';
import type { PublishRow } from './publish-progress';

/**
 * Sends the rows' items one at a time, marking each row as it goes; at the first failure the
 * rest are skipped. Answers null when every item was sent, else what to tell the seller: the
 * store's words when it answered, a general message (and a toast) when it could not be reached.
 */
export async function publishInTurn<T>(
  items: readonly T[],
  setRows: Dispatch<SetStateAction<PublishRow[]>>,
  send: (item: T) => Promise<{ adminUrl: string }>,
): Promise<string | null> {
  const update = (index: number, row: Partial<PublishRow>) =>
    setRows((current) => current.map((entry, i) => (i === index ? { ...entry, ...row } : entry)));
  for (const [index, item] of items.entries()) {
    update(index, { state: 'publishing' });
    try {
      const { adminUrl } = await send(item);
      update(index, { state: 'published', adminUrl });
    } catch (error) {
      const reached = error instanceof ApiError && error.status !== 0;
      setRows((current) =>
        current.map((entry, i) =>
          i === index
            ? { ...entry, state: 'failed' }
            : i > index
              ? { ...entry, state: 'skipped' }
              : entry,
        ),
      );
      if (!reached) toast.error(PUBLISH_MESSAGES.errorToast);
      return reached && error.message ? error.message : PUBLISH_MESSAGES.failed;
    }
  }
  return null;
}
