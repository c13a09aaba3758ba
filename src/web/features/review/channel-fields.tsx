import { describeChannelLines, missingByChannel, type ChannelNeed } from '#domain/channels';
import {
  CONDITION_LABELS,
  PRODUCT_CONDITIONS,
  productConditionSchema,
  type ProductCondition,
} from '#domain/product-condition';
import { toExportProduct, type Product } from '#domain/products';
import { readinessNeeds } from '#domain/readiness';

/** New, used or refurbished; 'Not stated' until the seller says (Google needs it). */
export function ConditionField({
  condition,
  onChange,
}: {
  condition: ProductCondition | null;
  onChange: (condition: ProductCondition | null) => void;
}) {
  return (
    // One row, label beside the select: the card's right column is the taller one.
    <label className="flex items-center justify-between gap-2 text-xs font-medium text-slate-700">
      Condition
      <select
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm font-normal text-slate-900"
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
 * What the channels still need beyond what the readiness chip asks ('Google needs: brand or
 * GTIN, condition'), channels with the same needs on one line; nothing when none is left. The
 * rules are the domain's.
 */
export function ChannelNeedsList({ product }: { product: Product }) {
  // Image URLs only need to be present here, not absolute: any origin will do.
  const missing = missingByChannel(toExportProduct(product, 'https://listsmith.invalid'));
  const asked = readinessNeeds(product);
  const alreadyAsked: ChannelNeed[] = [
    ...(asked.includes('a name') ? (['name'] as const) : []),
    ...(asked.includes('a price') ? (['price'] as const) : []),
  ];
  const lines = describeChannelLines(missing, alreadyAsked);
  if (lines.length === 0) return null;
  return (
    <ul
      aria-label="What each channel needs"
      className="flex flex-col gap-0.5 text-xs text-slate-600"
    >
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
