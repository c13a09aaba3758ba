import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_UPLOAD_TYPES,
  checkUploadBatch,
  dropzoneAccept,
  isAcceptedFileType,
  MAX_FILE_BYTES,
  needsCreditsDialog,
  notEnoughCreditsMessage,
  TOO_MANY_FREE_WITH_CREDITS,
  UPLOAD_MESSAGES,
  type UploadFileInfo,
} from './upload-rules';

function photo(name = 'mug.jpg', size = 50_000, type = 'image/jpeg'): UploadFileInfo {
  return { name, size, type };
}

function photos(count: number): UploadFileInfo[] {
  return Array.from({ length: count }, (_, i) => photo(`p${i}.jpg`));
}

describe('upload messages', () => {
  it('are the spec texts, verbatim', () => {
    expect(UPLOAD_MESSAGES).toEqual({
      unsupportedFormat:
        'Unsupported File Format. Please upload a valid image in one of the supported formats: JPEG, Progressive JPEG, PNG, GIF, HEIC, or WebP',
      fileTooLarge: 'File size exceeds 10MB limit',
      tooManyPremium: 'You can only upload up to 100 images at a time',
      tooManyFree:
        'On the free plan you can only upload a total of 3 images. Please upgrade to premium or buy credits.',
      processingFailed: 'Failed to process uploaded files',
    });
    expect(notEnoughCreditsMessage(2, 5)).toBe(
      "You don't have enough credits for this upload. You have 2 credits but need 5 for these images.",
    );
  });

  it('uses the exact byte limit of the spec', () => {
    expect(MAX_FILE_BYTES).toBe(10485760);
  });
});

describe('isAcceptedFileType', () => {
  it.each([
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.heic', 'image/heic'],
    ['a.heif', 'image/heif'],
    ['a.svg', 'image/svg+xml'],
    ['IMG_0001.HEIC', ''],
    ['photo.JPG', 'application/octet-stream'],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAcceptedFileType({ name, type })).toBe(true);
  });

  it.each([
    ['a.avif', 'image/avif'],
    ['a.avif', ''],
    ['a.tiff', 'image/tiff'],
    ['notes.txt', 'text/plain'],
    ['no-extension', ''],
    ['disguised.jpg', 'image/avif'],
  ])('rejects %s (%s)', (name, type) => {
    expect(isAcceptedFileType({ name, type })).toBe(false);
  });

  it('trusts a known MIME type over the name (the server sniffs the content anyway)', () => {
    expect(isAcceptedFileType({ name: 'photo.avif', type: 'image/png' })).toBe(true);
  });
});

describe('checkUploadBatch', () => {
  it('accepts a valid batch within plan and credits', () => {
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: photos(3) })).toBeNull();
    expect(checkUploadBatch({ plan: 'premium', credits: 100, files: photos(100) })).toBeNull();
  });

  it('limits a free upload to 3 files', () => {
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: photos(4) })).toBe(
      UPLOAD_MESSAGES.tooManyFree,
    );
    // Issue 24: a free seller who bought credits is not told to buy credits (it would not help).
    expect(checkUploadBatch({ plan: 'free', credits: 10, files: photos(4) })).toBe(
      TOO_MANY_FREE_WITH_CREDITS,
    );
  });

  it('says ‘1 credit’, not ‘1 credits’', () => {
    expect(checkUploadBatch({ plan: 'free', credits: 1, files: photos(2) })).toBe(
      "You don't have enough credits for this upload. You have 1 credit but need 2 for these images.",
    );
  });

  it('limits a premium upload to 100 files', () => {
    expect(checkUploadBatch({ plan: 'premium', credits: 500, files: photos(101) })).toBe(
      UPLOAD_MESSAGES.tooManyPremium,
    );
  });

  it('rejects unsupported and empty files', () => {
    const avif = photo('yeast.avif', 14_643, 'image/avif');
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: [photo(), avif] })).toBe(
      UPLOAD_MESSAGES.unsupportedFormat,
    );
    const empty = photo('empty.jpg', 0);
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: [empty] })).toBe(
      UPLOAD_MESSAGES.unsupportedFormat,
    );
  });

  it('allows exactly 10 MB and rejects one byte more', () => {
    const exact = photo('big.jpg', MAX_FILE_BYTES);
    const over = photo('bigger.jpg', MAX_FILE_BYTES + 1);
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: [exact] })).toBeNull();
    expect(checkUploadBatch({ plan: 'free', credits: 3, files: [over] })).toBe(
      UPLOAD_MESSAGES.fileTooLarge,
    );
  });

  it('needs at least one credit per file', () => {
    expect(checkUploadBatch({ plan: 'free', credits: 2, files: photos(3) })).toBe(
      notEnoughCreditsMessage(2, 3),
    );
    expect(checkUploadBatch({ plan: 'premium', credits: 0, files: photos(1) })).toBe(
      notEnoughCreditsMessage(0, 1),
    );
  });

  it('reports the selection problem before the credit problem', () => {
    expect(checkUploadBatch({ plan: 'free', credits: 1, files: photos(5) })).toBe(
      UPLOAD_MESSAGES.tooManyFree,
    );
    const big = photo('big.jpg', MAX_FILE_BYTES + 1);
    expect(checkUploadBatch({ plan: 'free', credits: 0, files: [big] })).toBe(
      UPLOAD_MESSAGES.fileTooLarge,
    );
  });
});

describe('dropzone accept map', () => {
  it('lists every accepted type and never avif', () => {
    const accept = dropzoneAccept();
    expect(Object.keys(accept)).toEqual(Object.keys(ACCEPTED_UPLOAD_TYPES));
    expect(accept['image/jpeg']).toEqual(['.jpg', '.jpeg']);
    expect(JSON.stringify(accept)).not.toContain('avif');
  });

  it('returns a copy callers may mutate', () => {
    dropzoneAccept()['image/png']!.push('.apng');
    expect(ACCEPTED_UPLOAD_TYPES['image/png']).toEqual(['.png']);
  });
});

describe('needsCreditsDialog', () => {
  it('sends a free user without credits to Buy Credits', () => {
    expect(needsCreditsDialog('free', 0)).toBe(true);
    expect(needsCreditsDialog('free', 1)).toBe(false);
    expect(needsCreditsDialog('premium', 0)).toBe(false);
  });
});
