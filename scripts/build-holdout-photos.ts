/**
 * Builds the held-out photo set (eval/holdout/README.md) from an unpacked tuxpaint-stamps-default
 * package: for each label in eval/holdout-labels.json, the stamp PNG it names (a transparent
 * cut-out) is scaled to fit 80 % of a white 480 × 480 canvas, centred, flattened on white and
 * written as a quality-90 JPEG under the label's file name. Idempotent: files are rewritten each
 * run and `tuxpaint-*.jpg` files no label names are removed. Run by scripts/build-holdout-photos.sh.
 *
 * `tsx scripts/build-holdout-photos.ts --root <unpacked package dir> [--out <dir>] [--labels <file>]`
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';

const CANVAS = 480;
const FIT = Math.round(CANVAS * 0.8);
const JPEG_QUALITY = 90;
const WHITE = { r: 255, g: 255, b: 255 };

const labelsSchema = z.array(z.object({ file: z.string().min(1), stamp: z.string().min(1) }));

function option(name: string, fallback?: string): string {
  const args = process.argv.slice(2);
  const value = args.includes(name) ? args[args.indexOf(name) + 1] : fallback;
  if (!value) {
    console.error(
      `usage: tsx scripts/build-holdout-photos.ts --root <dir> [--out <dir>] [--labels <file>]`,
    );
    process.exit(2);
  }
  return value;
}

const root = path.resolve(option('--root'));
const outDir = path.resolve(option('--out', 'eval/holdout/photos'));
const labels = labelsSchema.parse(
  JSON.parse(await readFile(path.resolve(option('--labels', 'eval/holdout-labels.json')), 'utf8')),
);

/** The stamp scaled to fit FIT × FIT (up or down), centred on a white CANVAS × CANVAS JPEG. */
async function compose(stampFile: string, outFile: string): Promise<string> {
  const source = await sharp(stampFile).metadata();
  const { data, info } = await sharp(stampFile)
    .ensureAlpha()
    .resize(FIT, FIT, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  await sharp({ create: { width: CANVAS, height: CANVAS, channels: 3, background: WHITE } })
    .composite([
      {
        input: data,
        left: Math.floor((CANVAS - info.width) / 2),
        top: Math.floor((CANVAS - info.height) / 2),
      },
    ])
    .flatten({ background: WHITE })
    .jpeg({ quality: JPEG_QUALITY })
    .toFile(outFile);
  return `${source.width}×${source.height} → ${info.width}×${info.height}`;
}

await mkdir(outDir, { recursive: true });
for (const { file, stamp } of labels) {
  const size = await compose(path.join(root, stamp), path.join(outDir, file));
  console.log(
    `wrote ${path.relative(process.cwd(), path.join(outDir, file))} (${size}) from ${stamp}`,
  );
}
const wanted = new Set(labels.map((label) => label.file));
for (const name of await readdir(outDir)) {
  if (/^tuxpaint-.*\.jpg$/.test(name) && !wanted.has(name)) {
    await rm(path.join(outDir, name));
    console.log(`removed ${name} (no label names it)`);
  }
}
console.log(`${labels.length} photos in ${path.relative(process.cwd(), outDir) || '.'}`);
