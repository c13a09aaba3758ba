/**
 * Handle / URL-slug rule shared by both exports (spec §5 "Export formatting": the lowercased
 * title with non-word runs turned into hyphens and outer hyphens trimmed).
 *
 * Refinements over the literal rule, so the result is always a valid Shopify handle ("letters,
 * dashes and numbers, but no spaces, accents, or other characters", stores.md §1.6) and a valid
 * Squarespace Product URL:
 * - Accents are folded, not dropped: Unicode NFKD splits 'é' into 'e' + a combining mark and the
 *   marks are removed ('Café Crème' → 'cafe-creme'); NFKD also folds compatibility forms
 *   (full-width letters, ligatures such as 'ﬁ', superscripts). A few Latin letters that do not
 *   decompose are transliterated ('ß' → 'ss', 'æ' → 'ae', 'ø' → 'o', 'ł' → 'l', …).
 * - "Word" characters are `a-z` and `0-9` only. The regex `\w` also keeps `_`, which neither
 *   store allows in a handle, so underscores become hyphens too. Anything left that is not ASCII
 *   (e.g. CJK, Cyrillic) counts as a separator.
 * - Never empty: a title without any usable character gives {@link FALLBACK_SLUG}.
 * - At most {@link MAX_SLUG_LENGTH} characters (Squarespace allows 200, Shopify 255), cut at the
 *   limit and re-trimmed.
 */

export const FALLBACK_SLUG = 'product';
export const MAX_SLUG_LENGTH = 200;

/** Lower-case Latin letters that NFKD does not decompose into an ASCII base letter. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ħ: 'h',
  ı: 'i',
  ŋ: 'n',
};
const TRANSLITERATION_PATTERN = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'g');

function clampSlug(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  return slug.slice(0, maxLength).replace(/-+$/, '');
}

/** The handle / URL slug for one title (see the module comment for the exact rule). */
export function slugify(title: string): string {
  const slug = String(title ?? '')
    .toLowerCase()
    .replace(TRANSLITERATION_PATTERN, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return clampSlug(slug, MAX_SLUG_LENGTH) || FALLBACK_SLUG;
}

/**
 * `slug` with `-{suffix}` added, the slug cut first so the whole stays within
 * {@link MAX_SLUG_LENGTH} ('mug' + '2' → 'mug-2').
 */
export function suffixedSlug(slug: string, suffix: string): string {
  return `${clampSlug(slug, MAX_SLUG_LENGTH - suffix.length - 1)}-${suffix}`;
}

/**
 * Slugs for the titles of one export, made unique: the first 'mug' stays 'mug', later ones
 * become 'mug-2', 'mug-3', … (skipping any suffix another title already produced). Duplicate
 * handles would make Shopify merge the products into one; duplicate Squarespace URLs fail.
 */
export function uniqueSlugs(titles: readonly string[]): string[] {
  const slugFor = uniqueSlugMaker();
  return titles.map((title) => slugFor(title));
}

/**
 * {@link uniqueSlugs} one title at a time, for an export written product by product. `kept` is
 * a handle the product already has in the store (ADR 046): written as it is, and no later title
 * is given it.
 */
export function uniqueSlugMaker(): (title: string, kept?: string) => string {
  const used = new Set<string>();
  return (title, kept) => {
    if (kept) {
      used.add(kept);
      return kept;
    }
    const base = slugify(title);
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = suffixedSlug(base, String(n));
    used.add(slug);
    return slug;
  };
}
