import { describe, expect, it } from 'vitest';
import { libraryAccessFor, libraryDeleteAfter } from './library-access';

const ended = new Date('2026-11-01T12:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('libraryAccessFor', () => {
  it('lets a premium seller edit, whatever happened before', () => {
    expect(libraryAccessFor({ plan: 'premium', premiumEndedAt: null }, ended)).toEqual({
      mode: 'editable',
    });
  });

  it('keeps a library read-only for 30 days after premium ended, then none', () => {
    const seller = { plan: 'free' as const, premiumEndedAt: ended };
    expect(libraryAccessFor(seller, new Date(ended.getTime() + 29 * day))).toEqual({
      mode: 'read-only',
      deleteAfter: '2026-12-01T12:00:00.000Z',
    });
    expect(libraryAccessFor(seller, libraryDeleteAfter(ended))).toBeNull();
  });

  it('gives a seller who was never premium no library', () => {
    expect(libraryAccessFor({ plan: 'free', premiumEndedAt: null }, ended)).toBeNull();
  });
});
