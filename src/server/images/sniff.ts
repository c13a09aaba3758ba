/**
 * Decides what a file is from its first bytes. The name and the browser's MIME type are never
 * consulted: both are chosen by the uploader.
 */

export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'heic' | 'avif' | 'svg' | 'unsupported';

/** Types that intake goes on to decode. avif is recognised only so it can be rejected by name. */
export type AcceptedImageType = Exclude<SniffedType, 'avif' | 'unsupported'>;

/** How many leading bytes the sniffer wants; enough for an SVG's XML prolog, comments, doctype. */
export const SNIFF_BYTES = 8192;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Generic HEIF structure brands: the codec is told by the other brands. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, i) => head[offset + i] === byte);
}

function ascii(head: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...head.subarray(start, end));
}

export function sniffImageType(head: Uint8Array): SniffedType {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp') return sniffIsoBmff(head);
  if (looksLikeSvg(head)) return 'svg';
  return 'unsupported';
}

/**
 * An ISO-BMFF `ftyp` box: size(4) 'ftyp' major(4) minor-version(4) compatible brands(4 each).
 * AVIF files often list `mif1` too (the fixture does: major `avif`, compatible `avif mif1 miaf`),
 * so any AV1 brand wins over the generic HEIF ones.
 */
function sniffIsoBmff(head: Uint8Array): SniffedType {
  const declared = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  if (declared < 16 || head.length < 16) return 'unsupported';
  const end = Math.min(declared, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));

  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  // Plain HEIF (mif1/msf1 only): almost always HEVC-coded; the decoder has the final word.
  if (GENERIC_HEIF_BRANDS.has(brands[0]!)) return 'heic';
  return 'unsupported';
}

/**
 * SVG is text: after an optional BOM, XML declaration, comments, processing instructions and a
 * doctype (with or without an internal subset) the first element must be `<svg`.
 * Anything with a NUL byte is binary, not SVG.
 */
function looksLikeSvg(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    if (text.startsWith('<?', at)) {
      const close = text.indexOf('?>', at + 2);
      if (close === -1) return false;
      at = close + 2;
    } else if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4);
      if (close === -1) return false;
      at = close + 3;
    } else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') {
      const close = doctypeEnd(text, at + 9);
      if (close === -1) return false;
      at = close + 1;
    } else {
      return /^<svg[\s/>]/.test(text.slice(at, at + 5));
    }
  }
}

/** Index of the `>` that ends a doctype, skipping an internal subset `[ ... ]`. */
function doctypeEnd(text: string, from: number): number {
  let inSubset = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '[') inSubset = true;
    else if (c === ']') inSubset = false;
    else if (c === '>' && !inSubset) return i;
  }
  return -1;
}

export function isAcceptedImageType(type: SniffedType): type is AcceptedImageType {
  return type !== 'avif' && type !== 'unsupported';
}
