/**
 * What the seller should check or add before publishing, as short items for the review card:
 * what the photo cannot tell (what the product is, brand, material, size, condition), a
 * category that is only a guess, a colour read from a busy photo, a photo that could be
 * better. Never listing copy: the card shows it apart, and nothing exports it.
 */
import { LISTING_DRAFT_LIMITS, fitText, type GuidanceItem } from '#domain/listing-draft.js';
import { SURE_CONFIDENCE } from '#domain/readiness.js';
import { UNCATEGORIZED_ID } from '#server/vision/taxonomy.js';
import type { DraftFacts } from './draft-facts.js';
import { verticalOf, type Vertical } from './draft-verticals.js';

/** Verticals where what a product is made of is worth stating, and how size is said. */
const MATERIAL: ReadonlySet<Vertical> = new Set([
  'apparel',
  'footwear',
  'bags',
  'jewellery',
  'home',
  'furniture',
  'toys',
  'sports',
  'pet',
  'baby',
  'tools',
  'general',
]);
const SIZE: Partial<Record<Vertical, string>> = {
  apparel: 'Add the size.',
  footwear: 'Add the shoe size.',
  jewellery: 'Add the size or length, if it has one.',
  bags: 'Add the dimensions.',
  home: 'Add the dimensions or capacity.',
  furniture: 'Add the dimensions.',
  food: 'Add the weight or volume, if the pack does not show it.',
  beauty: 'Add the volume or weight.',
  baby: 'Add the size or age range.',
  sports: 'Add the size.',
  general: 'Add the size.',
};

function item(kind: GuidanceItem['kind'], text: string): GuidanceItem {
  return { kind, text: fitText(text, LISTING_DRAFT_LIMITS.guidanceTextMax) };
}

export function guidanceFor(facts: DraftFacts): GuidanceItem[] {
  const { category, noun, evidence, quotedLines, titleLabel } = facts;
  const { photo } = evidence;
  const vertical = verticalOf(category.category.fullName);
  const items: GuidanceItem[] = [];
  // Label text may stand in the title; with neither a label nor a noun the title is empty.
  if (noun === null && titleLabel.length === 0) {
    items.push(item('name-product', 'Say what this product is: the photo alone does not show it.'));
  }
  if (!category.confirmedBySeller && category.confidence < SURE_CONFIDENCE) {
    items.push(
      item(
        'confirm-category',
        category.category.id === UNCATEGORIZED_ID
          ? 'Choose a category: the photo does not show which one it belongs to.'
          : `Check the category: "${category.category.name}" is a best guess from the photo.`,
      ),
    );
  }
  const unsure = facts.unsureColours.map((color) => color.name);
  if (unsure.length > 0 && photo.colors.length === 0) {
    items.push(
      item(
        'confirm-colour',
        photo.colorRegion !== 'subject'
          ? `Check the colour: read from the middle of a busy photo (${unsure.slice(0, 3).join(', ')}?).`
          : `Add the colour: the photo suggests ${unsure.slice(0, 3).join(', ')}, not clearly enough to say.`,
      ),
    );
  }
  if (quotedLines.length === 0) items.push(item('add-brand', 'Add the brand, if it has one.'));
  if (MATERIAL.has(vertical)) items.push(item('add-material', 'Add what it is made of.'));
  const size = SIZE[vertical];
  if (size) items.push(item('add-size', size));
  // Food is sold new; everything else may be used.
  if (vertical !== 'food') {
    items.push(item('add-condition', 'Say whether it is new or used, and its condition.'));
  }
  if (photo.sharpness.level === 'soft' || photo.brightness.level === 'dark') {
    items.push(
      item(
        'improve-photo',
        photo.sharpness.level === 'soft'
          ? 'The photo looks slightly soft: a sharper one shows buyers more detail.'
          : 'The photo is quite dark: more light shows the true colours.',
      ),
    );
  }
  return items;
}
