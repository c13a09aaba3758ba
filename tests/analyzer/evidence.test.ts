/**
 * Each evidence step on real fixture photos, run in process (the pool runs the same code in its
 * workers: pool.test.ts). Models load once for the whole file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { warmUpPhoto } from '#server/vision/providers/local/analyzer/analyze-photo.js';
import { analyzePhotoInProcess } from '#server/vision/providers/local/analyzer/analyze-photo.js';
import { ANALYZER_TIMEOUT_MS, photo, photoWithBarcode } from './support.js';

const analyze = async (name: string) => (await analyzePhotoInProcess(photo(name))).evidence;

const MODEL_DIR = new URL('../../src/server/vision/models/mobilenetv2-12/', import.meta.url);

describe('offline evidence of a photo', { timeout: ANALYZER_TIMEOUT_MS }, () => {
  it('ships the classifier its notice describes, byte for byte', () => {
    const notice = readFileSync(new URL('NOTICE.md', MODEL_DIR), 'utf8');
    const model = readFileSync(new URL('mobilenetv2-12-float32.onnx', MODEL_DIR));
    const digest = createHash('sha256').update(model).digest('hex');
    expect(notice).toContain(
      `\`mobilenetv2-12-float32.onnx\` | ${model.length.toLocaleString('en-US')}`,
    );
    expect(notice).toContain(`\`${digest}\``);
  });

  it.each([
    ['bags-backpack-school-red.png', ['backpack']],
    ['accessories-sunglasses-aviator.jpg', ['sunglass', 'sunglasses']],
    ['electronics-laptop-old-green-bg.jpg', ['laptop computer', 'notebook computer']],
    ['electronics-mouse-wireless.jpg', ['computer mouse']],
    ['cosmetics-lipsticks.png', ['lipstick']],
  ])('classifies %s first as one of %j', async (name, expected) => {
    const { classes } = await analyze(name);
    expect(expected).toContain(classes[0]?.label);
    expect(classes).toHaveLength(5);
    // Best first, probabilities averaged over three views: between 0 and 1, summing to at most 1.
    const scores = classes.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.reduce((sum, score) => sum + score, 0)).toBeLessThanOrEqual(1 + 1e-9);
    expect(classes[0]!.score).toBeGreaterThan(0.3);
  });

  it("runs every step on the start-up's drawn photo (the workers' warm-up)", async () => {
    const { evidence, timingsMs } = await analyzePhotoInProcess(await warmUpPhoto());
    expect(evidence.classes.length).toBeGreaterThan(0);
    for (const step of ['decode', 'pixels', 'classify', 'ocr', 'barcode'] as const) {
      expect(timingsMs[step]).toBeGreaterThan(0);
    }
  });

  it('turns the photo to read text that runs sideways', async () => {
    const { text } = await analyze('shoes-sneakers-hightop-canvas.jpg');
    expect(text.rotation).toBe(270);
    expect(text.lines.map((line) => line.text)).toContain('ALLSTAR');
  });

  it('does not turn a photo whose text lies flat', async () => {
    // One flat word read upright: a turned copy could only read it again.
    const { text } = await analyze('electronics-led-bulb.jpg');
    expect(text.rotation).toBe(0);
    expect(text.lines.map((line) => line.text)).toEqual(['amazonbasics']);
  });

  it("reads the vitamin tub's label, upright", async () => {
    const { text } = await analyze('bottles-vitamin-supplement.jpg');
    const lines = text.lines.map((line) => line.text);
    expect(text.rotation).toBe(0);
    expect(lines).toContain('SOLMO');
    expect(lines).toContain('High Strength');
    expect(lines.some((line) => /Vitamin E ?268 ?mg/.test(line))).toBe(true);
    expect(lines.some((line) => /365 Capsules/.test(line))).toBe(true);
    // Top to bottom: the brand above the claim.
    expect(lines.indexOf('SOLMO')).toBeLessThan(lines.indexOf('High Strength'));
    for (const line of text.lines) {
      expect(line.confidence).toBeGreaterThanOrEqual(0.8);
      expect(line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps no fragments from a photo without text ("00" on the watch dial)', async () => {
    expect((await analyze('jewellery-watch-gold.jpg')).text.lines).toEqual([]);
  });

  it("names the red hoodie's colour, not the background's", async () => {
    const { photo: facts, classes } = await analyze('apparel-hoodie-red.png');
    expect(facts.colors[0]?.name).toBe('red');
    expect(facts.background.kind).toBe('plain');
    expect(classes[0]?.label).toBe('sweatshirt');
  });

  it('flattens a transparent PNG on white instead of reading a black background', async () => {
    const { photo: facts } = await analyze('apparel-tshirt-black-alpha.png');
    expect(facts.background).toMatchObject({ kind: 'plain', color: 'white' });
    expect(facts.colors[0]?.name).toBe('black');
    expect(facts.colorRegion).toBe('subject');
  });

  it('reads an EAN-13 stuck on a real photo, turned 4°, as a valid GTIN', async () => {
    const image = await photoWithBarcode(
      'bottles-vitamin-supplement.jpg',
      '4006381333931',
      'EAN13',
    );
    const { evidence } = await analyzePhotoInProcess(image);
    expect(evidence.barcode).toEqual({
      format: 'EAN-13',
      text: '4006381333931',
      gtin: '4006381333931',
    });
  });

  it('reads a QR code but claims no GTIN for it', async () => {
    const url = 'https://listsmith.example/p/4006381333931';
    const image = await photoWithBarcode('home-mug-stoneware.jpg', url, 'QRCode', -3);
    const { evidence } = await analyzePhotoInProcess(image);
    expect(evidence.barcode).toEqual({ format: 'QR Code', text: url, gtin: null });
  });

  it('finds no barcode where there is none', async () => {
    expect((await analyze('electronics-mouse-wireless.jpg')).barcode).toBeNull();
  });

  it('gives the same evidence for the same photo, and times every step', async () => {
    const first = await analyzePhotoInProcess(photo('electronics-instant-camera.jpg'));
    const second = await analyzePhotoInProcess(photo('electronics-instant-camera.jpg'));
    expect(second.evidence).toEqual(first.evidence);
    expect(first.evidence.text.lines.map((line) => line.text)).toContain('Polaroid');
    const { total, ...steps } = first.timingsMs;
    for (const ms of Object.values(steps)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(total).toBeGreaterThanOrEqual(Object.values(steps).reduce((a, b) => a + b, 0) - 1);
  });
});
