import { clsx } from 'clsx';
import { useId, useState } from 'react';
import type { FieldEvidence } from '#domain/listing-draft';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** How sure a drafted field is, in words a seller reads at a glance. */
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= 0.7) return 'high';
  if (confidence >= 0.4) return 'medium';
  return 'low';
}

/** Sources are written as sentence fragments ('from the label: …'); each starts a new phrase. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * 'From the label: "Polaroid One Step" · Looks like: instant camera (71%)', or null when the
 * provider gave no evidence for the field (a remote model gives none).
 */
export function evidenceSummary(evidence: FieldEvidence | undefined): string | null {
  if (!evidence || evidence.sources.length === 0) return null;
  return evidence.sources.map(capitalize).join(' · ');
}

const levelClass: Record<ConfidenceLevel, string> = {
  high: 'text-emerald-700',
  medium: 'text-slate-600',
  low: 'text-amber-700',
};

/**
 * A field's evidence kept behind its 'Why?' button, so the card stays compact: `open` only when
 * there is evidence to show, `id` links the button to the note it reveals.
 */
export function useEvidenceDisclosure(evidence: FieldEvidence | undefined) {
  const id = `${useId()}-evidence`;
  const [open, setOpen] = useState(false);
  const available = evidenceSummary(evidence) !== null;
  return { id, available, open: available && open, toggle: () => setOpen((was) => !was) };
}

/** The small 'Why?' disclosure beside a field label; `field` names it for screen readers. */
export function WhyButton({
  field,
  disclosure,
}: {
  field: string;
  disclosure: ReturnType<typeof useEvidenceDisclosure>;
}) {
  if (!disclosure.available) return null;
  return (
    <button
      type="button"
      aria-label={`Why this ${field.toLowerCase()}?`}
      aria-expanded={disclosure.open}
      aria-controls={disclosure.open ? disclosure.id : undefined}
      onClick={disclosure.toggle}
      className="rounded px-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      Why?
    </button>
  );
}

/**
 * A small muted line under a drafted field: what it rests on and how sure it is. `omitSources`
 * is for a field that already states its basis (the price's, in its range popover): only the
 * confidence.
 */
export function EvidenceNote({
  evidence,
  id,
  omitSources = false,
}: {
  evidence: FieldEvidence | undefined;
  id?: string;
  omitSources?: boolean;
}) {
  const summary = evidenceSummary(evidence);
  if (!evidence || summary === null) return null;
  const level = confidenceLevel(evidence.confidence);
  return (
    <p id={id} className="text-xs leading-relaxed text-slate-500">
      {omitSources ? null : `${summary} · `}
      <span className={clsx('font-medium whitespace-nowrap', levelClass[level])}>
        {omitSources ? capitalize(level) : level} confidence
      </span>
    </p>
  );
}
