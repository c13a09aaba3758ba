/**
 * Several photos of one product (issue 16) as one body of evidence: the main photo (the front)
 * gives the look (pixels, colours, appearance), every photo its label text (the back often
 * carries the name and the ingredients), the first photo with a barcode its barcode, and the
 * classes are what all the photos agree on. Lines and barcodes keep the photo they were read
 * on, so each field's evidence can name it ('from the label on photo 2').
 */
import type { ImageClassScore, ListingEvidence } from './evidence.js';

/** As many classes as one photo's evidence keeps. */
const MAX_CLASSES = 5;

/** Each class's mean score over the photos (0 where a photo did not show it), best first. */
function sharedClasses(photos: readonly ListingEvidence[]): ImageClassScore[] {
  const byIndex = new Map<number, ImageClassScore>();
  for (const evidence of photos) {
    for (const value of evidence.classes) {
      const known = byIndex.get(value.index);
      const score = value.score / photos.length;
      byIndex.set(value.index, { ...value, score: (known?.score ?? 0) + score });
    }
  }
  return [...byIndex.values()].sort((a, b) => b.score - a.score).slice(0, MAX_CLASSES);
}

export function combinedEvidence(photos: readonly ListingEvidence[]): ListingEvidence {
  const [main, ...others] = photos;
  if (!main) throw new Error('a product has at least one photo');
  if (others.length === 0) return main;
  const numbered = photos.map((evidence, i) => ({ evidence, photo: i + 1 }));
  const withBarcode =
    numbered.find(({ evidence }) => evidence.barcode?.gtin) ??
    numbered.find(({ evidence }) => evidence.barcode);
  return {
    ...main,
    classes: sharedClasses(photos),
    text: {
      lines: numbered.flatMap(({ evidence, photo }) =>
        evidence.text.lines.map((line) => ({ ...line, photo })),
      ),
      rotation: main.text.rotation,
    },
    barcode: withBarcode ? { ...withBarcode.evidence.barcode!, photo: withBarcode.photo } : null,
    photoCount: photos.length,
  };
}
