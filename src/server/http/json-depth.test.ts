import { describe, expect, it } from 'vitest';
import { jsonNestedDeeperThan } from './json-depth.js';

describe('jsonNestedDeeperThan', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonNestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestedDeeperThan('{"name":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('{"name":"a\\"[[[[","x":1}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('{"name":"a\\\\","x":[[1]]}', 2)).toBe(true);
  });
});
