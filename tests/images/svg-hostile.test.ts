/**
 * Hostile SVGs (issue 18): each is answered within seconds, and the server keeps serving while
 * they are being turned away. Before the fix these rendered in the server process for minutes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { intakeImage } from '#server/images/intake.js';
import { RENDER_DEADLINE_MS } from '#server/images/svg-rasterise.js';
import { checkSvgLimits, SVG_LIMITS } from '#server/images/svg-limits.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, photo, uploadOk } from '../products/support.js';
import { createTempStore, type TempStore } from './support.js';
import { hugeFilterRegion, instancingBomb, svgOf as svg } from '../support/hostile-svgs.js';

/** Within the cheap limits, so only the render deadline can stop them. */
const SLOW_WITHIN_LIMITS = {
  'nested <use> instancing': instancingBomb,
  'a huge filter region': hugeFilterRegion,
};

const OVER_LIMITS: Record<string, Buffer> = {
  'a huge blur': svg(
    '<filter id="f"><feGaussianBlur stdDeviation="5000"/></filter><rect width="2048" height="2048" filter="url(#f)"/>',
  ),
  'a morphology window': svg(
    '<filter id="f"><feMorphology operator="dilate" radius="20"/></filter><rect width="2048" height="2048" filter="url(#f)"/>',
  ),
  'a long filter chain': svg(
    `<filter id="f">${'<feGaussianBlur stdDeviation="50"/><feOffset dx="1"/>'.repeat(300)}</filter><rect width="9" height="9" filter="url(#f)"/>`,
  ),
  'thousands of <use>': svg(
    `<rect id="r" width="1" height="1"/>${'<use href="#r"/>'.repeat(5000)}`,
  ),
  'too many elements': svg('<rect width="1" height="1"/>'.repeat(SVG_LIMITS.maxElements + 1)),
  'more bytes than an artwork needs': svg(
    `<desc>${'x'.repeat(SVG_LIMITS.maxBytes)}</desc><rect width="1" height="1"/>`,
  ),
  'nested entities': Buffer.from(
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><text>&b;</text></svg>`,
  ),
};

describe('hostile SVGs at intake', () => {
  let temp: TempStore;
  beforeEach(async () => {
    temp = await createTempStore();
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  const intake = (file: Buffer) => intakeImage({ store: temp.store }, { userId: 'u1', file });

  it.each(Object.entries(OVER_LIMITS))('refuses %s at once, before rendering', async (_, file) => {
    const started = Date.now();
    const attempt = intake(file);
    await expect(attempt).rejects.toMatchObject({
      reason: 'too-complex',
      message: UPLOAD_MESSAGES.unsupportedFormat,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await temp.files()).toEqual([]);
  });

  it.each(Object.entries(SLOW_WITHIN_LIMITS))(
    'stops rendering %s at the deadline',
    async (_, make) => {
      const file = make();
      expect(() => checkSvgLimits(file)).not.toThrow();
      const started = Date.now();
      // Stopped at the deadline, or given up by librsvg itself (its own instancing limits):
      // either way refused with the spec's message, within the deadline.
      const refusal = await intake(file).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toMatchObject({ message: UPLOAD_MESSAGES.unsupportedFormat });
      expect(['too-complex', 'decode-failed']).toContain((refusal as { reason: string }).reason);
      expect(Date.now() - started).toBeLessThan(RENDER_DEADLINE_MS + 2_000);
      expect(await temp.files()).toEqual([]);
    },
  );

  it('still accepts an Illustrator-style SVG with its namespace entities', async () => {
    const file = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]>` +
        `<svg xmlns="&ns_svg;" width="300" height="200"><g opacity="0.8">${'<circle r="9" cx="50" cy="50"/>'.repeat(50)}</g>` +
        `<rect width="300" height="200" fill="#0a0"/></svg>`,
    );
    await expect(intake(file)).resolves.toMatchObject({ type: 'svg', width: 2048 });
  });
});

describe('hostile SVG uploads and the rest of the server', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers every upload within seconds and keeps serving meanwhile', async () => {
    const seller = await account(h, 'svg');
    const { results } = await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    const imageUrl = results[0]!.imageUrl;

    // More renders than libuv has pool threads (4): before the fix they took every one.
    const started = Date.now();
    const uploads = Array.from({ length: 6 }, (_, i) =>
      seller.client
        .upload(seller.cookie, [
          { name: `hostile-${i}.svg`, data: i % 2 ? instancingBomb() : hugeFilterRegion() },
        ])
        .then((response) => ({ response, after: Date.now() - started })),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const timed = async <T>(run: () => Promise<T>) => {
      const at = Date.now();
      const value = await run();
      return { value, ms: Date.now() - at };
    };
    const profile = await timed(() => seller.client.profile(seller.cookie));
    expect(profile.value.statusCode).toBe(200);
    expect(profile.ms).toBeLessThan(1_000);
    const image = await timed(() => seller.client.request({ url: imageUrl }));
    expect(image.value.statusCode).toBe(200);
    expect(image.ms).toBeLessThan(1_000);

    for (const { response, after } of await Promise.all(uploads)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.unsupportedFormat });
      expect(after).toBeLessThan(RENDER_DEADLINE_MS + 3_000);
    }
  });
});
