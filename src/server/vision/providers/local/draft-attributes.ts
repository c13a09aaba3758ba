/**
 * Attributes the seller confirmed, in a local draft: colour and material join the product noun
 * ('brown leather belt', so the title reads 'Brown Leather Belt'), and the description's list
 * and the tags state every one (draft-description.ts, draft-wording.ts).
 */
import { attributeValue, type ConfirmedAttribute } from '#domain/product-attributes.js';
import type { DraftFacts } from './draft-facts.js';

/** The attributes that name the product in its noun, in the order they are said. */
const NOUN_ATTRIBUTES = ['Color', 'Material'] as const;

export function withConfirmedAttributes(
  facts: DraftFacts,
  attributes: readonly ConfirmedAttribute[],
): DraftFacts {
  if (attributes.length === 0) return facts;
  const said = NOUN_ATTRIBUTES.map((name) => attributeValue(attributes, name)).filter(
    (value): value is string => value !== null && !(facts.noun ?? '').includes(value.toLowerCase()),
  );
  const colour = attributeValue(attributes, 'Color');
  return {
    ...facts,
    // The seller's colour replaces the pixels' reading, which could only contradict it.
    evidence:
      colour === null
        ? facts.evidence
        : { ...facts.evidence, photo: { ...facts.evidence.photo, colors: [] } },
    noun:
      facts.noun === null
        ? null
        : [...said.map((value) => value.toLowerCase()), facts.noun].join(' '),
    confirmed: [...attributes],
  };
}

/** The description's lines for the confirmed attributes ('Material: Leather'). */
export function confirmedLines(facts: DraftFacts): string[] {
  return (facts.confirmed ?? []).map((entry) => `${entry.name}: ${entry.value}`);
}

/** Tags for the confirmed attributes, lower case as the other tags. */
export function confirmedTags(facts: DraftFacts): string[] {
  return (facts.confirmed ?? []).map((entry) => entry.value.toLowerCase());
}
