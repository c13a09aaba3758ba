/**
 * Improve's suggestions on the card (src/domain/catalogue-improve.ts): each field's text now and
 * the suggested one side by side, what the suggestion rests on, and Accept or Reject per field or
 * for all. Nothing of the listing changes until the seller accepts.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  SUGGESTION_FIELD_NAMES,
  currentValue,
  type Suggestion,
  type SuggestionDecisionRequest,
  type SuggestionField,
} from '#domain/catalogue-improve';
import type { Product } from '#domain/products';
import { Button } from '#web/components/ui/button';
import { ApiError } from '#web/lib/api-client';
import { reviewApi, SUGGESTIONS_FAILED_MESSAGE } from './api';
import { evidenceSummary } from './evidence-note';
import { replaceCachedProduct } from './product-cache';
import { useAutosaver } from './use-product-autosave';

function useDecideSuggestions(productId: string) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  return useMutation({
    mutationFn: async (request: SuggestionDecisionRequest) => {
      // Edits still waiting are saved first: an accepted field then replaces what they wrote.
      await autosaver.flush(productId);
      return reviewApi.decideSuggestions(productId, request);
    },
    onSuccess: (product) => replaceCachedProduct(queryClient, product),
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : SUGGESTIONS_FAILED_MESSAGE),
  });
}

/** A value as the seller reads it: text as is, tags and attributes as a line, none as 'Empty'. */
function shown(field: SuggestionField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field === 'tags') return (value as string[]).join(', ');
  if (field === 'category') return (value as { fullName: string }).fullName;
  if (field === 'attributes') {
    return (value as { name: string; value: string }[])
      .map((entry) => `${entry.name}: ${entry.value}`)
      .join(' · ');
  }
  return String(value);
}

function SuggestionRow({
  product,
  suggestion,
  busy,
  onDecide,
}: {
  product: Product;
  suggestion: Suggestion;
  busy: boolean;
  onDecide(request: SuggestionDecisionRequest): void;
}) {
  const name = SUGGESTION_FIELD_NAMES[suggestion.field];
  const before = shown(suggestion.field, currentValue(product, suggestion.field));
  const why = evidenceSummary(suggestion.evidence);
  return (
    <li className="flex flex-col gap-1.5 border-t border-violet-100 pt-2 first:border-t-0 first:pt-0">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-xs font-semibold text-slate-900">{name}</h4>
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Reject the suggested ${name.toLowerCase()}`}
            onClick={() => onDecide({ accept: [], reject: [suggestion.field] })}
          >
            Reject
          </Button>
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Accept the suggested ${name.toLowerCase()}`}
            onClick={() => onDecide({ accept: [suggestion.field], reject: [] })}
          >
            Accept
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-slate-500">Now</dt>
        <dd className="line-clamp-3 whitespace-pre-line text-slate-600">
          {before || <span className="italic">Empty</span>}
        </dd>
        <dt className="font-medium text-violet-800">New</dt>
        <dd className="line-clamp-4 whitespace-pre-line text-slate-900">
          {shown(suggestion.field, suggestion.value)}
        </dd>
      </dl>
      {why && <p className="text-xs text-slate-500">Why: {why}</p>}
    </li>
  );
}

export function SuggestionsPanel({ product }: { product: Product }) {
  const decide = useDecideSuggestions(product.id);
  const { suggestions } = product;
  if (suggestions.length === 0) return null;
  const fields = suggestions.map((suggestion) => suggestion.field);
  return (
    <section
      aria-label="Suggested improvements"
      className="rounded-lg border border-violet-200 bg-violet-50/60 p-2.5"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xs font-semibold text-violet-900">
          {suggestions.length === 1
            ? '1 suggested change'
            : `${suggestions.length} suggested changes`}
        </h3>
        {suggestions.length > 1 && (
          <div className="flex gap-1">
            <Button
              size="sm"
              variant="ghost"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ accept: [], reject: fields })}
            >
              Reject all
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ accept: fields, reject: [] })}
            >
              Accept all
            </Button>
          </div>
        )}
      </div>
      <ul className="flex flex-col gap-2">
        {suggestions.map((suggestion) => (
          <SuggestionRow
            key={suggestion.field}
            product={product}
            suggestion={suggestion}
            busy={decide.isPending}
            onDecide={(request) => decide.mutate(request)}
          />
        ))}
      </ul>
    </section>
  );
}
