import { describeChannelNeeds, missingByChannel } from '#domain/channels';
import {
  CONDITION_LABELS,
  PRODUCT_CONDITIONS,
  productConditionSchema,
  type ProductCondition,
} from '#domain/product-condition';
import { toExportProduct, type Product } from '#domain/products';

/** New, used or refurbished; 'Not stated' until the seller says (Google needs it). */
export function ConditionField({
  condition,
  onChange,
}: {
  condition: ProductCondition | null;
  onChange: (condition: ProductCondition | null) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
      Condition
      <select
        className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900"
        value={condition ?? ''}
        onChange={(event) => {
          const parsed = productConditionSchema.safeParse(event.target.value);
          onChange(parsed.success ? parsed.data : null);
        }}
      >
        <option value="">Not stated</option>
        {PRODUCT_CONDITIONS.map((value) => (
          <option key={value} value={value}>
            {CONDITION_LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * What each channel still needs of the product, one compact line each ('Google needs: brand or
 * GTIN, condition'); nothing when every channel has what it needs. The rules are the domain's.
 */
export function ChannelNeedsList({ product }: { product: Product }) {
  // Image URLs only need to be present here, not absolute: any origin will do.
  const missing = missingByChannel(toExportProduct(product, 'https://listsmith.invalid'));
  if (missing.length === 0) return null;
  return (
    <ul
      aria-label="What each channel needs"
      className="flex flex-col gap-0.5 text-xs text-slate-600"
    >
      {missing.map(({ channel, needs }) => (
        <li key={channel}>{describeChannelNeeds(channel, needs)}</li>
      ))}
    </ul>
  );
}
