/**
 * The search engine listing (issue 13): SEO title and SEO description within Shopify's limits
 * (70 and 320 characters), written from listing copy only, so they state nothing the title and
 * description do not and never carry a note to the seller.
 */
import { LISTING_DRAFT_LIMITS, fitText } from './listing-draft';

/**
 * The SEO title from a title's wordings, best first: the first that fits whole (a search result
 * shows no '…'), else the best one cut at a word. Empty when the product has no title.
 */
export function seoTitleFrom(wordings: readonly string[]): string {
  const titles = wordings.map((wording) => wording.trim()).filter((wording) => wording !== '');
  const whole = titles.find((title) => title.length <= LISTING_DRAFT_LIMITS.seoTitleMax);
  return whole ?? (titles[0] ? fitText(titles[0], LISTING_DRAFT_LIMITS.seoTitleMax) : '');
}

/** A description line as a sentence: 'Material: Leather' → 'Material: Leather.' */
function asSentence(line: string): string {
  return /[.!?…:]$/.test(line) ? line : `${line}.`;
}

/**
 * The SEO description from a plain-text description: its lines as sentences on one line, cut
 * after the last whole sentence that fits (at a word with '…' when not even the first does).
 */
export function seoDescriptionFrom(description: string): string {
  const max = LISTING_DRAFT_LIMITS.seoDescriptionMax;
  const text = description
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map(asSentence)
    .join(' ');
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const end = Math.max(...['. ', '! ', '? '].map((stop) => head.lastIndexOf(stop)));
  return end > 0 ? text.slice(0, end + 1) : fitText(text, max);
}
