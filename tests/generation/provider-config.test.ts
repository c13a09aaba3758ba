import { describe, expect, it } from 'vitest';
import {
  toVisionProviderConfig,
  visionEnvSchema,
} from '#server/vision/providers/provider-config.js';

/** The "path: message" lines loadConfig would print for this env. */
function problems(env: Record<string, string>): string[] {
  const result = visionEnvSchema.safeParse(env);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('vision provider env', () => {
  it('defaults to the local provider with a 60 s timeout and 3 retries', () => {
    const env = visionEnvSchema.parse({});
    expect(env).toMatchObject({
      VISION_PROVIDER: 'local',
      VISION_TIMEOUT_MS: 60_000,
      VISION_MAX_RETRIES: 3,
    });
    expect(toVisionProviderConfig(env)).toEqual({ kind: 'local' });
  });

  it('builds the openai config from strings, key optional', () => {
    const env = visionEnvSchema.parse({
      VISION_PROVIDER: 'openai',
      VISION_BASE_URL: 'http://127.0.0.1:11434/v1/',
      VISION_MODEL: 'llava',
      VISION_TIMEOUT_MS: '30000',
      VISION_MAX_RETRIES: '0',
    });
    expect(toVisionProviderConfig(env)).toEqual({
      kind: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llava',
      timeoutMs: 30_000,
      maxRetries: 0,
    });
    const withKey = visionEnvSchema.parse({
      VISION_PROVIDER: 'openai',
      VISION_BASE_URL: 'https://api.openai.com/v1',
      VISION_MODEL: 'gpt-4o-mini',
      VISION_API_KEY: 'sk-x',
    });
    expect(toVisionProviderConfig(withKey)).toMatchObject({ apiKey: 'sk-x' });
  });

  it('names each missing variable when openai is chosen', () => {
    const lines = problems({ VISION_PROVIDER: 'openai' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^VISION_BASE_URL: VISION_BASE_URL is required when VISION_PROVIDER=openai/,
    );
    expect(lines[1]).toMatch(/^VISION_MODEL: VISION_MODEL is required when VISION_PROVIDER=openai/);
    expect(problems({ VISION_PROVIDER: 'openai', VISION_MODEL: 'm' })).toHaveLength(1);
  });

  it.each([
    [{ VISION_PROVIDER: 'anthropic' }, 'VISION_PROVIDER'],
    [{ VISION_BASE_URL: 'not a url' }, 'VISION_BASE_URL'],
    [{ VISION_BASE_URL: 'ftp://models.example/v1' }, 'VISION_BASE_URL'],
    [{ VISION_TIMEOUT_MS: '0' }, 'VISION_TIMEOUT_MS'],
    [{ VISION_MAX_RETRIES: '-1' }, 'VISION_MAX_RETRIES'],
    [{ VISION_MAX_RETRIES: 'many' }, 'VISION_MAX_RETRIES'],
  ])('rejects %j', (env, variable) => {
    const lines = problems(env);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.startsWith(`${variable}:`)).toBe(true);
  });

  it('never echoes the key in a validation message', () => {
    const lines = problems({ VISION_PROVIDER: 'openai', VISION_API_KEY: 'sk-secret-value' });
    expect(lines.join('\n')).not.toContain('sk-secret-value');
  });
});
