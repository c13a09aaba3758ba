/**
 * Improve on the library's selection (src/domain/catalogue-improve.ts): the fields to improve and
 * whether to fill empty ones only or rewrite them; and every pending suggestion of the selection
 * accepted or rejected at once.
 */
import { clsx } from 'clsx';
import { useState } from 'react';
import {
  IMPROVE_FIELDS,
  IMPROVE_FIELD_NAMES,
  IMPROVE_MODES,
  IMPROVE_MODE_NAMES,
  type ImproveField,
  type ImproveMode,
} from '#domain/catalogue-improve';
import { IMPROVE_RUN_MAX, IMPROVE_RUN_MESSAGES } from '#domain/improve-run';
import type { BulkAction } from '#domain/library';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import type { ImproveChoice } from './improve-run';

const MODE_HINTS: Record<ImproveMode, string> = {
  'fill-empty': 'Only fields that are empty get a suggestion; what you wrote stays.',
  rewrite: 'Every field you pick gets a new suggestion, kept beside your text until you accept it.',
};

export function ImproveDialog({
  open,
  products,
  count,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  products: string;
  count: number;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(choice: ImproveChoice): void;
}) {
  const [fields, setFields] = useState<ImproveField[]>(['description', 'seo', 'altText', 'tags']);
  const [mode, setMode] = useState<ImproveMode>('fill-empty');
  const tooMany = count > IMPROVE_RUN_MAX;
  const toggle = (field: ImproveField) =>
    setFields((chosen) =>
      chosen.includes(field) ? chosen.filter((f) => f !== field) : [...chosen, field],
    );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Improve ${products}`}
      description="Suggestions are written from each product’s photos and your own text. Nothing changes until you accept them on the product’s card."
    >
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-slate-900">Fields to improve</legend>
        <div className="grid grid-cols-2 gap-1.5">
          {IMPROVE_FIELDS.map((field) => (
            <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={fields.includes(field)}
                onChange={() => toggle(field)}
                className="accent-brand-600"
              />
              {IMPROVE_FIELD_NAMES[field]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4 flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">How</legend>
        {IMPROVE_MODES.map((value) => (
          <label
            key={value}
            className={clsx(
              'grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-lg border px-3 py-2',
              mode === value ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              name="improve-mode"
              checked={mode === value}
              onChange={() => setMode(value)}
              className="accent-brand-600"
            />
            <span className="text-sm font-medium text-slate-900">{IMPROVE_MODE_NAMES[value]}</span>
            <span className="col-start-2 text-sm text-slate-600">{MODE_HINTS[value]}</span>
          </label>
        ))}
      </fieldset>
      <p className="mt-4 text-sm text-slate-600">
        1 credit per product improved. Running it again on a product whose photos and text have not
        changed costs nothing. Improve goes on in the background; you can leave the page.
      </p>
      {tooMany && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {IMPROVE_RUN_MESSAGES.tooMany}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          loading={busy}
          disabled={fields.length === 0 || tooMany}
          onClick={() => onConfirm({ fields, mode })}
        >
          Improve {products}
        </Button>
      </div>
    </Dialog>
  );
}

export function SuggestionsDecisionDialog({
  open,
  products,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  products: string;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(action: BulkAction): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Suggestions for ${products}`}
      description="Accept every suggestion waiting on these products, or reject them all. To choose field by field, use the buttons on each card."
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => onConfirm({ type: 'suggestions', decision: 'reject' })}
        >
          Reject all
        </Button>
        <Button
          loading={busy}
          onClick={() => onConfirm({ type: 'suggestions', decision: 'accept' })}
        >
          Accept all
        </Button>
      </div>
    </Dialog>
  );
}
