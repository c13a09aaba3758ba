import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MALLOC_SETTINGS,
  NODE_MEMORY_FLAGS,
  glibcRuntime,
  missingMallocSettings,
  missingNodeFlags,
} from './malloc-settings.js';

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

describe('missingNodeFlags', () => {
  it('names the V8 flags neither the command line nor NODE_OPTIONS gives', () => {
    expect(missingNodeFlags([], undefined)).toEqual(['--max-semi-space-size=16']);
    expect(missingNodeFlags(['--import', 'tsx'], '--no-warnings')).toEqual([
      '--max-semi-space-size=16',
    ]);
  });

  it('takes the flag with any value, from either place', () => {
    expect(missingNodeFlags(['--max-semi-space-size=16'], undefined)).toEqual([]);
    expect(missingNodeFlags([], '--no-warnings --max-semi-space-size=8')).toEqual([]);
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

  it('give the server the V8 memory flags (start, dev)', () => {
    const { scripts } = z
      .object({ scripts: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync('package.json', 'utf8')));
    for (const script of ['start', 'dev']) {
      for (const flag of NODE_MEMORY_FLAGS) {
        expect(scripts[script], script).toContain(`${flag} src/server/main.ts`);
      }
    }
  });
});
