/**
 * Builds the second held-out photo set (eval/holdout-gcompris/README.md) from an unpacked
 * gcompris-qt-data package: reads the Qt resource file of its categorization activity
 * (rcc/categorization.rcc) and writes, byte for byte, each photo eval/holdout-gcompris-labels.json
 * names ('gcompris-tools-hammer1.webp' is resource/images/tools/hammer1.webp), plus the credit
 * files (README: author, source, licence per photo) of the folders used. Idempotent.
 *
 * `tsx scripts/build-gcompris-photos.ts --root <unpacked package dir> [--out <dir>] [--labels <file>]`
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { z } from 'zod';

const RESOURCE_FILE = 'usr/share/gcompris-qt/rcc/categorization.rcc';
const IMAGES_DIR = 'gcompris/src/activities/categorization/resource/images';

const labelsSchema = z.array(z.object({ file: z.string().regex(/^gcompris-[a-z]+-[\w.-]+$/) }));

function option(name: string, fallback?: string): string {
  const args = process.argv.slice(2);
  const value = args.includes(name) ? args[args.indexOf(name) + 1] : fallback;
  if (!value) {
    console.error(
      'usage: tsx scripts/build-gcompris-photos.ts --root <dir> [--out <dir>] [--labels <file>]',
    );
    process.exit(2);
  }
  return value;
}

/**
 * The files of a Qt resource (.rcc) by path. Format (Qt's rcc, versions 1–3): a 'qres' header
 * with the offsets of the tree, data and names sections; tree nodes are directories (child count,
 * first child) or files (data offset); file data is a 32-bit size and the bytes, zlib-compressed
 * behind a 4-byte length when the node's flag 1 is set.
 */
function readQtResource(bytes: Buffer): Map<string, Buffer> {
  if (bytes.toString('latin1', 0, 4) !== 'qres') throw new Error('not a Qt resource file');
  const version = bytes.readUInt32BE(4);
  const [tree, data, names] = [8, 12, 16].map((at) => bytes.readUInt32BE(at)) as [
    number,
    number,
    number,
  ];
  const nodeSize = version >= 2 ? 22 : 14;
  const nameAt = (offset: number) => {
    const length = bytes.readUInt16BE(names + offset);
    return bytes
      .subarray(names + offset + 6, names + offset + 6 + length * 2)
      .swap16()
      .toString('utf16le');
  };
  const files = new Map<string, Buffer>();
  const walk = (index: number, prefix: string) => {
    const at = tree + index * nodeSize;
    const flags = bytes.readUInt16BE(at + 4);
    const name = index === 0 ? '' : nameAt(bytes.readUInt32BE(at));
    const here = prefix === '' ? name : `${prefix}/${name}`;
    if (flags & 2) {
      const [count, first] = [bytes.readUInt32BE(at + 6), bytes.readUInt32BE(at + 10)];
      for (let child = first; child < first + count; child++) walk(child, here);
      return;
    }
    const offset = data + bytes.readUInt32BE(at + 10);
    const stored = bytes.subarray(offset + 4, offset + 4 + bytes.readUInt32BE(offset));
    if (flags & 4) throw new Error(`${here}: zstd-compressed resources are not supported`);
    files.set(here, flags & 1 ? inflateSync(stored.subarray(4)) : Buffer.from(stored));
  };
  walk(0, '');
  return files;
}

const root = path.resolve(option('--root'));
const outDir = path.resolve(option('--out', 'eval/holdout-gcompris/photos'));
const labels = labelsSchema.parse(
  JSON.parse(
    await readFile(path.resolve(option('--labels', 'eval/holdout-gcompris-labels.json')), 'utf8'),
  ),
);
const resources = readQtResource(await readFile(path.join(root, RESOURCE_FILE)));

await mkdir(outDir, { recursive: true });
const wanted = new Set(labels.map((label) => label.file));
for (const file of await readdir(outDir)) {
  if (file.startsWith('gcompris-') && !wanted.has(file)) await rm(path.join(outDir, file));
}
const folders = new Set<string>();
for (const { file } of labels) {
  const [, folder, name] = /^gcompris-([a-z]+)-(.+)$/.exec(file)!;
  const photo = resources.get(`${IMAGES_DIR}/${folder}/${name}`);
  if (!photo) throw new Error(`${file}: no ${folder}/${name} in ${RESOURCE_FILE}`);
  await writeFile(path.join(outDir, file), photo);
  folders.add(folder!);
  console.log(`wrote ${path.join(outDir, file)}`);
}
for (const folder of folders) {
  const credits = resources.get(`${IMAGES_DIR}/${folder}/README`);
  if (!credits) throw new Error(`no credits (README) for ${folder}`);
  await writeFile(path.join(outDir, `CREDITS-${folder}.txt`), credits);
}
