import { describe, expect, it } from 'vitest';
import { combineDisabledReason } from './combine-button';

describe('when combining is possible', () => {
  it('needs two products or more, and no more than 24 photos in all', () => {
    expect(combineDisabledReason(0, 0)).toMatch(/two or more/);
    expect(combineDisabledReason(1, 3)).toMatch(/two or more/);
    expect(combineDisabledReason(2, 2)).toBeNull();
    expect(combineDisabledReason(3, 24)).toBeNull();
    expect(combineDisabledReason(3, 25)).toBe(
      'A product can have at most 24 photos; these have 25.',
    );
  });
});
