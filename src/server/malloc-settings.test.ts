import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MALLOC_SETTINGS, glibcRuntime, missingMallocSettings } from './malloc-settings.js';

describe('missingMallocSettings', () => {
  it('names each setting the environment lacks on glibc', () => {
    expect(missingMallocSettings({}, '2.41')).toEqual([
      'MALLOC_ARENA_MAX=2',
      'MALLOC_MMAP_THRESHOLD_=1048576',
    ]);
    expect(missingMallocSettings({ MALLOC_ARENA_MAX: '4' }, '2.41')).toEqual([
      'MALLOC_MMAP_THRESHOLD_=1048576',
    ]);
  });

  it('names none when both are set, or off glibc', () => {
    const env = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576' };
    expect(missingMallocSettings(env, '2.41')).toEqual([]);
    expect(missingMallocSettings({}, undefined)).toEqual([]);
  });

  it('reads the glibc version of this process, where there is one', () => {
    const version = glibcRuntime();
    if (process.platform === 'linux' && version !== undefined) expect(version).toMatch(/^\d+\.\d+/);
    else expect(version).toBeUndefined();
  });
});

describe('the start scripts', () => {
  it('set every malloc setting (start, dev, bench)', () => {
    const { scripts } = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync('package.json', 'utf8')));
    for (const script of ['start', 'dev', 'bench']) {
      for (const [name, value] of Object.entries(MALLOC_SETTINGS)) {
        expect(scripts[script], script).toContain(`${name}=${value}`);
      }
    }
  });
});
