import type { FileRejection } from 'react-dropzone';
import { describe, expect, it } from 'vitest';
import { notEnoughCreditsMessage, UPLOAD_MESSAGES } from '#domain/upload-rules';
import { progressPerFile, refusedFiles, runProgress, selectionProblem } from './selection';

const file = (name: string, type: string, size = 100) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};
const rejection = (rejected: File, code: string): FileRejection => ({
  file: Object.assign(rejected, { path: rejected.name, relativePath: rejected.name }),
  errors: [{ code, message: code }],
});

describe('refusedFiles', () => {
  it('names each file that cannot be uploaded with its own reason', () => {
    const accepted = [
      file('fine.png', 'image/png'),
      file('huge.jpg', 'image/jpeg', 11 * 1024 * 1024),
    ];
    const rejected = [
      rejection(file('photo.avif', 'image/avif'), 'file-invalid-type'),
      rejection(file('notes.txt', 'text/plain'), 'file-invalid-type'),
      rejection(file('empty.png', 'image/png', 0), 'file-too-small'),
    ];
    expect(refusedFiles({ plan: 'premium', credits: 10, accepted, rejected })).toEqual([
      { fileName: 'huge.jpg', message: UPLOAD_MESSAGES.fileTooLarge },
      { fileName: 'photo.avif', message: UPLOAD_MESSAGES.unsupportedFormat },
      { fileName: 'notes.txt', message: UPLOAD_MESSAGES.unsupportedFormat },
      { fileName: 'empty.png', message: UPLOAD_MESSAGES.unsupportedFormat },
    ]);
  });

  it('lists no file for a rule about the whole selection', () => {
    const accepted = [1, 2, 3, 4].map((n) => file(`${n}.png`, 'image/png'));
    expect(refusedFiles({ plan: 'free', credits: 3, accepted, rejected: [] })).toEqual([]);
  });
});

describe('selectionProblem', () => {
  it('lets the domain order decide over every file, rejected ones included', () => {
    const accepted = [1, 2, 3].map((n) => file(`${n}.png`, 'image/png'));
    const rejected = [rejection(file('x.avif', 'image/avif'), 'file-invalid-type')];
    // Four files on free: the count comes before the type.
    expect(selectionProblem({ plan: 'free', credits: 3, accepted, rejected })).toBe(
      UPLOAD_MESSAGES.tooManyFree,
    );
    expect(selectionProblem({ plan: 'premium', credits: 3, accepted, rejected })).toBe(
      UPLOAD_MESSAGES.unsupportedFormat,
    );
  });

  it('falls back to react-dropzone’s verdict where the domain sees no problem', () => {
    const fine = file('a.png', 'image/png');
    const check = (code: string) =>
      selectionProblem({
        plan: 'free',
        credits: 3,
        accepted: [],
        rejected: [rejection(fine, code)],
      });
    expect(check('file-too-large')).toBe(UPLOAD_MESSAGES.fileTooLarge);
    expect(check('too-many-files')).toBe(UPLOAD_MESSAGES.tooManyFree);
    expect(check('file-too-small')).toBe(UPLOAD_MESSAGES.unsupportedFormat);
    expect(check('file-invalid-type')).toBe(UPLOAD_MESSAGES.unsupportedFormat);
  });

  it('passes a valid selection and counts credits', () => {
    const accepted = [file('a.jpg', 'image/jpeg'), file('b.heic', '')];
    expect(selectionProblem({ plan: 'free', credits: 2, accepted, rejected: [] })).toBeNull();
    expect(selectionProblem({ plan: 'free', credits: 1, accepted, rejected: [] })).toBe(
      notEnoughCreditsMessage(1, 2),
    );
  });
});

describe('progressPerFile', () => {
  it('fills the files in order from the share of the body sent', () => {
    expect(progressPerFile([100, 300], null)).toEqual([0, 0]);
    expect(progressPerFile([100, 300], { loaded: 0, total: 440 })).toEqual([0, 0]);
    expect(progressPerFile([100, 300], { loaded: 55, total: 440 })).toEqual([50, 0]);
    expect(progressPerFile([100, 300], { loaded: 220, total: 440 })).toEqual([100, 33]);
    expect(progressPerFile([100, 300], { loaded: 440, total: 440 })).toEqual([100, 100]);
  });

  it('never goes past 100', () => {
    expect(progressPerFile([100], { loaded: 500, total: 440 })).toEqual([100]);
  });
});

describe('runProgress', () => {
  const sized = (...sizes: number[]) =>
    sizes.map((size, index) => {
      const file = new File(['x'], `f${index}.png`, { type: 'image/png' });
      Object.defineProperty(file, 'size', { value: size });
      return file;
    });

  it('counts the answered requests whole, the one in flight by its bytes, the rest as not sent', () => {
    const files = sized(100, 100, 300, 500);
    // Requests answered for the first two; the third and fourth in flight, 220 of 880 bytes sent.
    const position = { files, done: 2, batchSize: 2, sent: false };
    expect(runProgress({ ...position, progress: { loaded: 220, total: 880 } })).toEqual({
      perFile: [100, 100, 66, 0],
      sentFiles: 2,
      overall: 39,
    });
    expect(runProgress({ ...position, progress: null, sent: true })).toEqual({
      perFile: [100, 100, 100, 100],
      sentFiles: 4,
      overall: 100,
    });
  });

  it('counts files when their sizes are unknown', () => {
    const files = sized(0, 0, 0, 0);
    const progress = runProgress({ files, done: 1, batchSize: 1, progress: null, sent: false });
    expect(progress.sentFiles).toBe(1);
    expect(progress.overall).toBe(25);
  });
});
