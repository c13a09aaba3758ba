import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffImageType } from '#server/images/sniff.js';
import { BAD_DIR, ftypBox, PHOTOS_DIR } from './support.js';

const EXPECTED_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
  '.avif': 'avif',
};

function head(file: string): Buffer {
  return readFileSync(file).subarray(0, SNIFF_BYTES);
}

const text = (s: string) => Buffer.from(s, 'utf8');

describe('sniffImageType on the photo fixtures', () => {
  const photos = readdirSync(PHOTOS_DIR).filter(
    (name) => path.extname(name) in EXPECTED_BY_EXTENSION,
  );

  it('covers every format the fixtures hold', () => {
    expect(photos.length).toBe(76);
  });

  it.each(photos)('%s', (name) => {
    expect(sniffImageType(head(path.join(PHOTOS_DIR, name)))).toBe(
      EXPECTED_BY_EXTENSION[path.extname(name)],
    );
  });
});

describe('sniffImageType on the bad fixtures', () => {
  it.each([
    ['empty.jpg', 'unsupported'],
    ['text-renamed.jpg', 'unsupported'],
    ['png-named-as.jpg', 'png'],
    ['truncated.jpg', 'jpeg'], // its header is intact; the decoder rejects it later
    ['script-inside.svg', 'svg'],
  ])('%s is %s', (name, expected) => {
    expect(sniffImageType(head(path.join(BAD_DIR, name)))).toBe(expected);
  });
});

describe('ISO-BMFF brands', () => {
  it.each([
    ['heic', ['mif1', 'heic'], 'heic'],
    ['heix', ['mif1'], 'heic'],
    ['mif1', ['heic'], 'heic'],
    ['msf1', ['hevc'], 'heic'],
    ['heim', [], 'heic'],
    ['heis', [], 'heic'],
    ['mif1', [], 'heic'],
    ['avif', ['mif1', 'miaf'], 'avif'],
    ['avis', [], 'avif'],
    ['mif1', ['avif', 'miaf'], 'avif'],
    ['isom', ['mp41'], 'unsupported'], // an MP4 video
    ['qt  ', [], 'unsupported'],
  ])('major %s, compatible %j → %s', (major, compatible, expected) => {
    const file = Buffer.concat([ftypBox(major, compatible), Buffer.alloc(64)]);
    expect(sniffImageType(file)).toBe(expected);
  });

  it('rejects an ftyp box with a nonsense size', () => {
    const box = ftypBox('heic', []);
    box.writeUInt32BE(3, 0);
    expect(sniffImageType(box)).toBe('unsupported');
  });
});

describe('SVG detection', () => {
  it.each([
    ['bare root', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['BOM and prolog', '\uFEFF<?xml version="1.0"?>\n<svg width="1" height="1"></svg>'],
    [
      'comments, doctype with internal subset',
      '<?xml version="1.0"?><!-- Generator: Illustrator --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY a "b"> ]>\n  <svg>',
    ],
  ])('accepts %s', (_label, source) => {
    expect(sniffImageType(text(source))).toBe('svg');
  });

  it.each([
    ['HTML', '<!DOCTYPE html><html><svg></svg></html>'],
    ['an svg element that is not the root', '<?xml version="1.0"?><div><svg/></div>'],
    ['an svg-prefixed other element', '<svgfoo/>'],
    ['an unterminated comment', '<!-- <svg>'],
    ['binary with an svg tag', '<svg>\u0000'],
    ['plain text', 'This is a plain UTF-8 text file'],
  ])('rejects %s', (_label, source) => {
    expect(sniffImageType(text(source))).toBe('unsupported');
  });
});

describe('raw signatures', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0xff, 0xd8], 'unsupported'],
    [[...text('GIF87a')], 'gif'],
    [[...text('GIF90a')], 'unsupported'],
    [[...text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')], 'webp'],
    [[...text('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')], 'unsupported'],
    [[0x25, 0x50, 0x44, 0x46], 'unsupported'], // %PDF
    [[], 'unsupported'],
  ])('%j → %s', (bytes, expected) => {
    expect(sniffImageType(Uint8Array.from(bytes))).toBe(expected);
  });
});
