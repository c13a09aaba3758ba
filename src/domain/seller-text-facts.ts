/**
 * Facts a seller's own text states (issue 25, Improve): a material or a size written in an
 * imported description is a fact about the product, kept when the copy is written again, with
 * the words it came from as its evidence. Only plain statements are read: a material named by a
 * word of {@link MATERIALS}, a size as a number with a unit. Nothing is guessed.
 */
import { fitText, LISTING_DRAFT_LIMITS } from './listing-draft';

export interface SellerTextFact {
  /** Attribute name, as the card's attribute chips name it. */
  name: 'Material' | 'Size';
  value: string;
  /** The seller's words around it, for 'Why?'. */
  quote: string;
}

/** Materials a listing states, longest first so 'stainless steel' wins over 'steel'. */
const MATERIALS = [
  'stainless steel',
  'sterling silver',
  'acrylic',
  'aluminium',
  'aluminum',
  'bamboo',
  'brass',
  'bronze',
  'canvas',
  'cashmere',
  'ceramic',
  'concrete',
  'copper',
  'cork',
  'cotton',
  'denim',
  'earthenware',
  'glass',
  'gold',
  'iron',
  'jute',
  'leather',
  'linen',
  'maple',
  'marble',
  'merino',
  'nylon',
  'oak',
  'pewter',
  'pine',
  'polyester',
  'porcelain',
  'rattan',
  'resin',
  'rubber',
  'silicone',
  'silk',
  'silver',
  'steel',
  'stoneware',
  'suede',
  'teak',
  'terracotta',
  'walnut',
  'wicker',
  'wood',
  'wool',
].sort((a, b) => b.length - a.length);

const MATERIAL_PATTERN = new RegExp(`\\b(${MATERIALS.join('|')})\\b`, 'i');

/**
 * A size: a number (or two, '20 x 30') and a unit of length, volume or weight. The unit must
 * follow the number, so 'x2' or a year never reads as a size.
 */
const SIZE_PATTERN =
  /\b(\d+(?:[.,]\d+)?(?:\s?(?:x|×|by)\s?\d+(?:[.,]\d+)?){0,2})\s?(mm|cm|m|in|inch|inches|ft|oz|fl\.? oz|ml|cl|l|litres?|liters?|g|kg|lb|lbs)\b/i;

/** The sentence (or line) of `text` around the match, cut to fit an evidence source. */
function quoteAround(text: string, index: number, length: number): string {
  const start = Math.max(
    text.lastIndexOf('.', index) + 1,
    text.lastIndexOf('\n', index) + 1,
    index - 60,
  );
  const ends = ['.', '\n']
    .map((mark) => text.indexOf(mark, index + length))
    .filter((at) => at >= 0);
  const end = Math.min(index + length + 60, ...ends, text.length);
  return text.slice(start, end).replace(/\s+/g, ' ').trim();
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The facts `text` states, at most one per name: the first statement of each. */
export function factsFromSellerText(text: string): SellerTextFact[] {
  const facts: SellerTextFact[] = [];
  const material = MATERIAL_PATTERN.exec(text);
  if (material) {
    facts.push({
      name: 'Material',
      value: capitalised(material[1]!),
      quote: quoteAround(text, material.index, material[0].length),
    });
  }
  const size = SIZE_PATTERN.exec(text);
  if (size) {
    facts.push({
      name: 'Size',
      value: `${size[1]!.replace(/\s?(x|×|by)\s?/gi, ' × ')} ${size[2]!.toLowerCase()}`,
      quote: quoteAround(text, size.index, size[0].length),
    });
  }
  return facts;
}

/** How 'Why?' names the seller's words a fact came from. */
export function sellerTextSource(where: 'title' | 'description', quote: string): string {
  return fitText(`your ${where}: "${quote}"`, LISTING_DRAFT_LIMITS.evidenceSourceMax);
}
