import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { FeedAddress, FeedStatus } from '#domain/merchant-feed';
import { describeExclusion, PAGE_TEMPLATE_MESSAGE } from '#domain/merchant-feed';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/text-field';
import { ApiError } from '#web/lib/api-client';
import { googleFeedApi } from './api';

const feedQueryKey = ['google-feed'] as const;
/**
 * The address just made, kept in the query cache rather than in the card: the page may remount
 * the card (a profile refetch shows its loading state), and the address is shown only once.
 */
const madeAddressKey = ['google-feed', 'made-address'] as const;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * 'Google Merchant Center': the feed's product page address and currency, what the feed holds
 * and leaves out (and why), the private address Merchant Center fetches (shown once when made;
 * made again or turned off here), and the feed as a download.
 */
export function GoogleFeedCard() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: feedQueryKey, queryFn: googleFeedApi.status });
  const address =
    useQuery<FeedAddress | null>({
      queryKey: madeAddressKey,
      queryFn: () => null,
      enabled: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }).data ?? null;
  const setAddress = (made: FeedAddress | null) => queryClient.setQueryData(madeAddressKey, made);
  const [draft, setDraft] = useState<{ pageTemplate: string; currency: string } | null>(null);
  const settings = draft ?? status.data?.settings ?? { pageTemplate: '', currency: 'USD' };
  const stored = (next: FeedStatus) => queryClient.setQueryData(feedQueryKey, next);

  const save = useMutation({
    mutationFn: googleFeedApi.saveSettings,
    onSuccess: (next) => {
      stored(next);
      setDraft(null);
      toast.success('Feed settings saved');
    },
  });
  const create = useMutation({
    mutationFn: googleFeedApi.createAddress,
    onSuccess: (made) => {
      setAddress(made);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey, exact: true });
    },
    onError: (error) => toast.error(errorText(error, 'Could not make a feed address.')),
  });
  const revoke = useMutation({
    mutationFn: googleFeedApi.revokeAddress,
    onSuccess: () => {
      setAddress(null);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey, exact: true });
      toast.success('The feed address no longer works');
    },
    onError: (error) => toast.error(errorText(error, 'Could not turn the feed address off.')),
  });
  const download = (format: 'tsv' | 'xml') =>
    googleFeedApi
      .download(format)
      .catch((error: unknown) => toast.error(errorText(error, 'Failed to download the feed.')));

  const data = status.data;
  return (
    <div id="google-feed">
      <Card
        title="Google Merchant Center"
        description="A product feed of your library for Google Shopping. Products need a page to link to: a Shopify publication, or your product page address below."
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(settings);
          }}
        >
          <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-3">
            <TextField
              label="Product page address"
              placeholder="https://myshop.example/products/{handle}"
              value={settings.pageTemplate}
              onChange={(event) => setDraft({ ...settings, pageTemplate: event.target.value })}
              hint={<p className="text-xs text-slate-500">{PAGE_TEMPLATE_MESSAGE}</p>}
            />
            <TextField
              label="Currency"
              value={settings.currency}
              maxLength={3}
              onChange={(event) => setDraft({ ...settings, currency: event.target.value })}
            />
          </div>
          {save.error && (
            <p role="alert" className="text-sm text-red-600">
              {errorText(save.error, 'Could not save the feed settings.')}
            </p>
          )}
          <div>
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              loading={save.isPending}
              disabled={draft === null}
            >
              Save feed settings
            </Button>
          </div>
        </form>

        {data && (
          <div className="mt-4 flex flex-col gap-1 text-sm text-slate-700" role="status">
            <p>
              {data.included === 1 ? '1 product is' : `${data.included} products are`} in the feed.
            </p>
            {data.excluded.map(({ reason, count }) => (
              <p key={reason} className="text-amber-900">
                {describeExclusion(reason, count)}
              </p>
            ))}
          </div>
        )}

        <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4">
          {address ? (
            <div className="flex flex-col gap-1 text-sm">
              <p className="font-medium text-slate-900">
                Your feed address (copy it now: it is shown only once)
              </p>
              <code
                aria-label="Feed address (XML)"
                className="break-all rounded bg-slate-50 px-2 py-1 text-xs"
              >
                {address.xmlUrl}
              </code>
              <code
                aria-label="Feed address (TSV)"
                className="break-all rounded bg-slate-50 px-2 py-1 text-xs"
              >
                {address.tsvUrl}
              </code>
            </div>
          ) : (
            <p className="text-sm text-slate-600">
              {data?.hasAddress
                ? 'Your private feed address is on. Make a new one if you lost it: the old one stops working.'
                : 'Make a private address for Merchant Center to fetch the feed on its schedule.'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" loading={create.isPending} onClick={() => create.mutate()}>
              {data?.hasAddress ? 'Make a new feed address' : 'Make a feed address'}
            </Button>
            {data?.hasAddress && (
              <Button
                variant="secondary"
                size="sm"
                loading={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                Turn the feed address off
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => void download('xml')}>
              Download feed (XML)
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void download('tsv')}>
              Download feed (TSV)
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
