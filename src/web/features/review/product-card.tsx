import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LISTING_DRAFT_LIMITS } from '#domain/listing-draft';
import type { Product } from '#domain/products';
import { CardChannelFields } from '#web/components/card-channel-fields';
import { AttributeChips } from './attribute-chips';
import { applyPatch } from './autosave-store';
import { cachedProduct } from './product-cache';
import { CategoryField } from './category-field';
import { ChannelNeedsList, ConditionField } from './channel-fields';
import { DeleteProductButton, type ProductPlace } from './delete-product-button';
import { EditableTextField } from './editable-text-field';
import { FieldHistoryButton } from './field-history';
import { GuidanceList, guidanceShown } from './guidance-list';
import { SuggestionsPanel } from './suggestions-panel';
import { FailedProductCard, PendingProductCard } from './unfinished-product-card';
import { PriceField } from './price-field';
import { ProductImage } from './product-image';
import { PublishedNote } from './published-note';
import { ReadinessChip } from './readiness-status';
import { SaveStatusText } from './save-status';
import { SeoFields } from './seo-fields';
import { SplitProductButton } from './split-product-button';
import { useRegenerateField } from './use-product-actions';
import { useAutosaver, useProductAutosave } from './use-product-autosave';
import { VariantsSection } from './variants/variants-section';
import { WhatIsThisField } from './what-is-this-field';

export interface ProductCardOptions {
  /** Where the card is shown; the delete confirmation names it. */
  place?: ProductPlace;
  /** A library kept after premium ended: shown, copied and downloaded, never changed. */
  readOnly?: boolean;
  /** Shown on the photo's corner: the selection tick (see CardCheckbox). */
  selectControl?: ReactNode;
  /** Shown under the readiness: the library's chips of what the listing lacks. */
  notes?: ReactNode;
}

export function ProductCard({ product, ...options }: { product: Product } & ProductCardOptions) {
  switch (product.generation.state) {
    case 'pending':
      return <PendingProductCard product={product} />;
    case 'failed':
      return <FailedProductCard product={product} failure={product.generation} />;
    case 'ready':
      return <ReadyProductCard product={product} {...options} />;
  }
}

function ReadyProductCard({
  product: serverCopy,
  place = 'review',
  readOnly = false,
  selectControl,
  notes,
}: { product: Product } & ProductCardOptions) {
  const { unconfirmedEdit, status, edit } = useProductAutosave(serverCopy.id);
  const autosaver = useAutosaver();
  const queryClient = useQueryClient();
  // Unconfirmed edits win over a refetched or pushed copy until the server confirms them.
  const product = applyPatch(serverCopy, unconfirmedEdit);
  const { fields, regenerate } = useRegenerateField(product.id);
  const shown = { title: product.title, description: product.description };
  const name = product.title || product.fileName;

  return (
    <article
      aria-label={name}
      className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      {/* Status and actions under the photo, so the fields start at the top of the card. */}
      <div className="flex w-40 shrink-0 flex-col items-start gap-2">
        <ProductImage product={product} readOnly={readOnly} selectControl={selectControl} />
        <ReadinessChip product={product} />
        {notes}
        <PublishedNote product={product} />
        {!readOnly && (
          <div className="flex w-full items-center justify-between gap-2">
            <SaveStatusText status={status} />
            <div className="flex items-center">
              {product.photos.length > 1 && (
                <SplitProductButton
                  productId={product.id}
                  name={name}
                  photoCount={product.photos.length}
                />
              )}
              <DeleteProductButton productId={product.id} name={name} place={place} />
            </div>
          </div>
        )}
      </div>
      {/* A disabled fieldset turns every field and button of the listing off at once; the
          buttons are hidden too, so none sits there looking usable. */}
      <fieldset
        disabled={readOnly}
        className="flex min-w-0 flex-1 flex-col gap-3 disabled:[&_button]:hidden disabled:[&_input]:bg-slate-50 disabled:[&_input]:placeholder:text-transparent disabled:[&_textarea]:bg-slate-50"
      >
        <legend className="sr-only">{readOnly ? `${name} (read-only)` : name}</legend>
        {/* Text and guidance on the left, price and category beside them: two cards fit a laptop screen. */}
        <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] items-start gap-x-5 gap-y-1.5">
          <div className="flex min-w-0 flex-col gap-1.5">
            {!readOnly && <SuggestionsPanel product={product} />}
            <EditableTextField
              label="Product name"
              value={product.title}
              maxLength={LISTING_DRAFT_LIMITS.titleMax}
              onChange={(title) => edit({ title })}
              regenerateState={fields.title}
              onRegenerate={() => void regenerate('title', shown)}
              evidence={product.evidence.title}
              history={<FieldHistoryButton productId={product.id} field="title" />}
            />
            <WhatIsThisField product={product} />
            <EditableTextField
              label="Product description"
              multiline
              value={product.description}
              maxLength={LISTING_DRAFT_LIMITS.descriptionMax}
              onChange={(description) => edit({ description })}
              regenerateState={fields.description}
              onRegenerate={() => void regenerate('description', shown)}
              evidence={product.evidence.description}
              history={<FieldHistoryButton productId={product.id} field="description" />}
            />
            <SeoFields product={product} onChange={edit} />
            <GuidanceList items={guidanceShown(product)} productId={product.id} />
            <VariantsSection product={product} onChange={(variants) => edit({ variants })} />
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-col gap-1">
              <PriceField
                price={product.price}
                evidence={product.evidence.price}
                onChange={(price) => edit({ price })}
              />
              {product.barcode && (
                <p className="text-xs text-slate-500">
                  Barcode (GTIN):{' '}
                  <span className="font-mono text-slate-700">{product.barcode}</span>
                </p>
              )}
            </div>
            <ConditionField
              condition={product.condition}
              onChange={(condition) => edit({ condition })}
            />
            <CategoryField product={product} />
            <ChannelNeedsList product={product} />
            <AttributeChips
              product={product}
              onChange={(confirmedAttributes) => edit({ confirmedAttributes })}
            />
            <CardChannelFields
              product={product}
              readOnly={readOnly}
              onAttributesChange={(confirmedAttributes) => edit({ confirmedAttributes })}
              savedProduct={async () => {
                await autosaver.flush(product.id);
                return cachedProduct(queryClient, product.id) ?? product;
              }}
            />
          </div>
        </div>
      </fieldset>
    </article>
  );
}
