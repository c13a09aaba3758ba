import { useId } from 'react';
import type { EbayAspectsReply } from '#domain/api/ebay';
import { withAttribute } from '#domain/product-attributes';
import type { CardChannelFieldsProps } from '#web/components/card-channel-fields';
import { Spinner } from '#web/components/ui/spinner';
import { AspectRow } from './aspect-row';
import { EbayPublishButton } from './ebay-publish-dialog';
import { cardNeeds, ebayEntry } from './ebay-entry';
import { useEbayAspects, useEbayCategoryChoice, useEbayConnected } from './use-ebay';

function Loaded({
  reply,
  product,
  readOnly,
  onAttributesChange,
  savedProduct,
}: CardChannelFieldsProps & { reply: EbayAspectsReply }) {
  const choose = useEbayCategoryChoice((state) => state.choose);
  const entry = ebayEntry(product, reply);
  const needs = cardNeeds(entry);
  return (
    <>
      {reply.categories.length === 0 ? (
        <p className="text-xs text-slate-600">eBay suggests no category for this product’s name.</p>
      ) : (
        <label className="flex items-center justify-between gap-2 text-xs font-medium text-slate-700">
          Category
          <select
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900"
            value={reply.categoryId ?? ''}
            title={entry.category?.path}
            onChange={(event) => choose(product.id, event.target.value)}
          >
            {reply.categories.map((category) => (
              <option key={category.id} value={category.id} title={category.path}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {entry.required.length > 0 && (
        <ul aria-label="eBay’s required item specifics" className="flex flex-col gap-1.5">
          {entry.required.map((aspect) => (
            <AspectRow
              key={aspect.name}
              aspect={aspect}
              onSet={(value) =>
                onAttributesChange(withAttribute(product.confirmedAttributes, aspect.name, value))
              }
            />
          ))}
        </ul>
      )}
      {needs.length > 0 ? (
        <p className="text-xs text-amber-800">eBay needs: {needs.join(', ')}</p>
      ) : (
        <p className="text-xs text-emerald-700">Ready for eBay</p>
      )}
      {!readOnly && (
        <div>
          <EbayPublishButton
            size="sm"
            target={{
              count: 1,
              load: async () => [await savedProduct()],
            }}
          />
        </div>
      )}
    </>
  );
}

/**
 * The card's eBay fields, for a seller with eBay connected: the category among eBay's
 * suggestions, eBay's required item specifics as chips (pre-filled from what Listsmith knows),
 * what eBay still needs, and 'Publish to eBay' for this product.
 */
export function EbayCardFields(props: CardChannelFieldsProps) {
  const connected = useEbayConnected();
  const aspects = useEbayAspects(props.product.id, connected !== null);
  const headingId = useId();
  if (!connected) return null;
  return (
    // A group, not a landmark: every card has one (as the Attributes group).
    <div
      role="group"
      aria-labelledby={headingId}
      className="flex flex-col items-stretch gap-1.5 border-t border-slate-100 pt-2"
    >
      <h2 id={headingId} className="text-sm font-medium text-slate-700">
        eBay
      </h2>
      {aspects.isPending ? (
        <Spinner className="size-4 text-brand-600" label="Loading eBay’s item specifics" />
      ) : aspects.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-xs text-red-700">
          {aspects.error.message}
          <button
            type="button"
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            onClick={() => void aspects.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <Loaded {...props} reply={aspects.data} />
      )}
    </div>
  );
}

/** For the card's channel slot (a module-level function, so the cards keep their memo). */
export const renderEbayCardFields = (props: CardChannelFieldsProps) => (
  <EbayCardFields {...props} />
);
