import { clsx } from 'clsx';
import { PRICE_ENDINGS, pricePoint, type PriceEnding } from '#domain/price-points';
import { Card } from '#web/components/ui/card';
import { useSaveSellerSettings, useSellerSettings } from './use-seller-settings';

/** What each choice does to an estimate of $21.73, as the seller will see it on a draft. */
const EXAMPLE_ESTIMATE = 21.73;

const LABELS: Record<PriceEnding, string> = {
  '.99': '.99',
  '.95': '.95',
  whole: 'Whole dollars',
};

function example(ending: PriceEnding): string {
  const point = pricePoint(EXAMPLE_ESTIMATE, ending);
  return `$${Number.isInteger(point) ? point : point.toFixed(2)}`;
}

/**
 * 'Price endings': how suggested prices end. Native radios (arrow keys move and choose), saved
 * as soon as one is chosen; the status line says when it is saved or why it was not.
 */
export function PriceEndingsCard() {
  const settings = useSellerSettings();
  const save = useSaveSellerSettings();
  // While a choice is saving it shows as chosen; a failed one falls back to the saved value.
  const chosen = save.isPending ? save.variables.priceEnding : settings.data?.priceEnding;

  return (
    <div id="price-endings">
      <Card
        title="Price endings"
        description="How suggested prices end. A price you type yourself is never changed."
      >
        <fieldset disabled={!settings.isSuccess} aria-describedby="price-endings-status">
          <legend className="sr-only">Price endings</legend>
          <div className="flex flex-wrap gap-3">
            {PRICE_ENDINGS.map((ending) => (
              <label
                key={ending}
                className={clsx(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
                  chosen === ending
                    ? 'border-brand-500 bg-brand-50 text-slate-900'
                    : 'border-slate-300 text-slate-700',
                )}
              >
                <input
                  type="radio"
                  name="price-ending"
                  value={ending}
                  checked={chosen === ending}
                  onChange={() => save.mutate({ priceEnding: ending })}
                  className="accent-brand-600"
                />
                <span className="font-medium">{LABELS[ending]}</span>
                {/* Slate 500 on the chosen option's tint is 4.26:1; 600 keeps it above 4.5:1. */}
                <span className={chosen === ending ? 'text-slate-600' : 'text-slate-500'}>
                  {example(ending)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p id="price-endings-status" role="status" className="mt-3 min-h-5 text-sm text-slate-600">
          {settings.isPending
            ? 'Loading…'
            : save.isPending
              ? 'Saving…'
              : save.isSuccess
                ? 'Saved'
                : null}
        </p>
        {(save.isError || settings.isError) && (
          <p role="alert" className="text-sm text-red-600">
            {save.isError
              ? `Your choice was not saved: ${save.error.message}`
              : `Your price ending could not be loaded: ${settings.error?.message}`}
          </p>
        )}
      </Card>
    </div>
  );
}
