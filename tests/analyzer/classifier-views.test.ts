/**
 * The classifier's views of a photo (working-copies.ts), on drawn images whose product position
 * is known, and the subject view's effect on real photos where the product is small or off
 * centre.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzePhotoInProcess } from '#server/vision/providers/local/analyzer/analyze-photo.js';
import { classifierInputs } from '#server/vision/providers/local/analyzer/working-copies.js';
import { analyzePixels, type RawRgb } from '#server/vision/providers/local/pixel-analysis.js';
import { ANALYZER_TIMEOUT_MS, photo } from './support.js';

const WHITE = [255, 255, 255] as const;
const RED = [200, 20, 30] as const;

/** A white frame with a red rectangle [x0, x1) × [y0, y1). */
function drawn(width: number, height: number, [x0, y0, x1, y1]: number[]): RawRgb {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = x >= x0! && x < x1! && y >= y0! && y < y1! ? RED : WHITE;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

function shareOf(view: RawRgb, [r, g, b]: readonly number[], rows?: [number, number]): number {
  const [from, to] = rows ?? [0, view.height];
  let matching = 0;
  for (let i = from * view.width; i < to * view.width; i++) {
    const at = i * 3;
    const close =
      Math.abs(view.data[at]! - r!) +
      Math.abs(view.data[at + 1]! - g!) +
      Math.abs(view.data[at + 2]! - b!);
    if (close < 60) matching += 1;
  }
  return matching / ((to - from) * view.width);
}

describe("the classifier's views", () => {
  it('sees a small product in a corner large in the subject view, and pads past the frame with the background', async () => {
    const frame = drawn(400, 300, [350, 0, 390, 60]);
    const { photo: facts, subjectBox } = analyzePixels(frame);
    expect(subjectBox).toEqual({ x0: 350, y0: 0, x1: 389, y1: 59 });
    const views = await classifierInputs(frame, subjectBox, facts.background.hex);
    for (const view of Object.values(views)) expect([view.width, view.height]).toEqual([224, 224]);

    expect(shareOf(views.centreCrop, RED)).toBe(0);
    expect(shareOf(views.letterbox, RED)).toBeLessThan(0.05);
    // 40 × 60 in a 67 px square: about 53 % of the view.
    expect(shareOf(views.subject, RED)).toBeGreaterThan(0.45);
    // The square runs above the frame's top edge; that strip is background, not black.
    expect(shareOf(views.subject, WHITE, [0, 3])).toBe(1);
  });

  it('uses the middle of a busy frame when no product could be told from it', async () => {
    const frame = drawn(300, 200, [120, 70, 180, 130]);
    const views = await classifierInputs(frame, null, '#ffffff');
    // The middle 140 px square holds the 60 px red square: about 18 % of the view.
    expect(shareOf(views.subject, RED)).toBeGreaterThan(0.15);
    expect(shareOf(views.subject, RED)).toBeLessThan(0.22);
    const middle = await sharp(frame.data, { raw: { width: 300, height: 200, channels: 3 } })
      .extract({ left: 80, top: 30, width: 140, height: 140 })
      .png()
      .toBuffer();
    const expected = await sharp(middle).resize(224, 224).raw().toBuffer();
    expect(Buffer.from(views.subject.data).equals(expected)).toBe(true);
  });
});

describe('classes with the subject view', { timeout: ANALYZER_TIMEOUT_MS }, () => {
  it.each([
    // A pair of socks on a wide plain backdrop: the whole frame reads as a lampshade.
    ['apparel-socks-striped.jpg', 'sock'],
    // A basketball on a court, a small part of a busy frame.
    ['toys-basketball-court.jpg', 'basketball'],
  ])('names %s first as %s', async (name, label) => {
    const { classes } = (await analyzePhotoInProcess(photo(name))).evidence;
    expect(classes[0]?.label).toBe(label);
  });
});
