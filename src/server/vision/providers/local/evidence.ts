/**
 * What the local provider knows about a photo, and nothing more: the draft is written from this
 * alone (draft-wording.ts), so every sentence in it traces back to a measurement here.
 *
 * Sources: pixel analysis (`photo`), an ImageNet classifier (`classes`), text reading (`text`)
 * and barcode reading (`barcode`).
 */
import type { ColorName } from '#domain/color-names.js';

export type Orientation = 'portrait' | 'landscape' | 'square';

export interface ColorShare {
  name: ColorName;
  /** Mean colour of the pixels given this name, '#rrggbb'. */
  hex: string;
  /** Fraction of the product's pixels, 0..1. Shares of all colours sum to about 1. */
  share: number;
}

export interface BackgroundEvidence {
  /** Plain: the border is one even colour (studio shot, cut-out). Busy: anything else. */
  kind: 'plain' | 'busy';
  color: ColorName;
  hex: string;
  /** Fraction of border pixels close to the background colour, 0..1. */
  uniformity: number;
}

export interface PhotoEvidence {
  /** Size of the analysed copy (longest side ≤ 512 px); the aspect ratio is the photo's. */
  width: number;
  height: number;
  orientation: Orientation;
  background: BackgroundEvidence;
  /**
   * Where the colours were read: 'subject' when the product could be told from a plain
   * background, 'centre' when the background is busy and only the middle of the frame is used.
   */
  colorRegion: 'subject' | 'centre';
  /** Named colours of the product (or of the centre), largest share first, each ≥ a minimum. */
  colors: ColorShare[];
  /** Fraction of the frame the product covers; null when it cannot be told (busy background). */
  subjectArea: number | null;
  /** Blur metric over the product, 0 (crisp) … 1 (no detail left to lose); see pixel-analysis. */
  sharpness: { level: 'sharp' | 'soft'; blur: number };
  /** Mean CIELAB lightness (0–100) of the whole frame. */
  brightness: { level: 'dark' | 'balanced' | 'bright'; meanLightness: number };
}

/** One line of text read from the photo (OCR). */
export interface TextLine {
  text: string;
  /** The recogniser's confidence, 0..1. */
  confidence: number;
  /** Which of the product's photos it was read on (1 = main), when it has several. */
  photo?: number;
}

export interface TextEvidence {
  /**
   * Lines read from the product, top to bottom; fragments with fewer than 3 letters or digits
   * are dropped. Empty when the photo shows no legible text.
   */
  lines: TextLine[];
  /** Clockwise rotation (degrees) of the copy whose reading gave these lines. */
  rotation: 0 | 90 | 180 | 270;
}

/** One ImageNet class the classifier saw. */
export interface ImageClassScore {
  /** Index into the model's 1000 outputs. */
  index: number;
  /** Its simple English label ('backpack', 'running shoe'). */
  label: string;
  /** Softmax probability, averaged over the centre crop, the letterboxed copy and the subject view, 0..1. */
  score: number;
}

export interface BarcodeEvidence {
  /** The symbology as zxing names it ('EAN-13', 'UPC-A', 'QRCode', …). */
  format: string;
  text: string;
  /** The text as a GTIN when it is one with a valid check digit; otherwise null. */
  gtin: string | null;
  /** Which of the product's photos it was read on (1 = main), when it has several. */
  photo?: number;
}

export interface ListingEvidence {
  photo: PhotoEvidence;
  /** Highest score first (the top 5); empty if no class was found. */
  classes: ImageClassScore[];
  /**
   * The classifier's averaged logits as a unit vector (1000 numbers): photos of similar things
   * point the same way. Compared with the seller's confirmed products (category/lookalikes.ts);
   * evidence written by hand (tests) may leave it out, and then nothing is compared.
   */
  appearance?: number[];
  text: TextEvidence;
  barcode: BarcodeEvidence | null;
  /**
   * How many photos the evidence was gathered from (photo-evidence.ts), when more than one:
   * `photo`, `appearance` and the colours are then the main photo's.
   */
  photoCount?: number;
}
