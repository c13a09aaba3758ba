/**
 * Environment variables that pick and configure the vision provider; src/server/config.ts
 * spreads `visionEnvShape` into its schema and puts `toVisionProviderConfig(env)` in AppConfig.
 */
import { z } from 'zod';

export const visionEnvShape = {
  /** 'local' (default) needs no network or account; 'openai' is any compatible endpoint. */
  VISION_PROVIDER: z.enum(['local', 'openai']).default('local'),
  /** Base URL including the API version, e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1. */
  VISION_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Bearer token; leave unset for servers that need none (Ollama, LM Studio, local vLLM). */
  VISION_API_KEY: z.string().min(1).optional(),
  VISION_MODEL: z.string().trim().min(1).optional(),
  /** Per attempt, not per photo: retries get a fresh budget. */
  VISION_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
  VISION_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** With 'local': worker threads (cores) for the photo analyzer; unset means min(2, cores). */
  ANALYZER_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
};

const visionEnvObject = z.object(visionEnvShape);
type VisionEnvFields = z.output<typeof visionEnvObject>;

const OPENAI_REQUIRED = {
  VISION_BASE_URL: 'an OpenAI-compatible base URL such as https://api.openai.com/v1',
  VISION_MODEL: 'the vision model name, e.g. gpt-4o-mini or llava',
} as const;

/** With VISION_PROVIDER=openai, the base URL and the model must be set; says which is missing. */
export function requireOpenAiSettings(
  env: Pick<VisionEnvFields, 'VISION_PROVIDER' | 'VISION_BASE_URL' | 'VISION_MODEL'>,
  ctx: z.RefinementCtx,
): void {
  if (env.VISION_PROVIDER !== 'openai') return;
  for (const [name, what] of Object.entries(OPENAI_REQUIRED)) {
    if (env[name as keyof typeof OPENAI_REQUIRED] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required when VISION_PROVIDER=openai (${what})`,
      });
    }
  }
}

export const visionEnvSchema = visionEnvObject.superRefine(requireOpenAiSettings);
export type VisionEnv = z.output<typeof visionEnvSchema>;

export type VisionProviderConfig =
  | { kind: 'local'; analyzerWorkers?: number }
  | {
      kind: 'openai';
      baseUrl: string;
      apiKey?: string;
      model: string;
      timeoutMs: number;
      maxRetries: number;
    };

/** The validated env as the provider factory wants it (call after parsing with the refinement). */
export function toVisionProviderConfig(env: VisionEnv): VisionProviderConfig {
  if (env.VISION_PROVIDER === 'local') {
    return {
      kind: 'local',
      ...(env.ANALYZER_WORKERS !== undefined ? { analyzerWorkers: env.ANALYZER_WORKERS } : {}),
    };
  }
  if (!env.VISION_BASE_URL || !env.VISION_MODEL) {
    throw new Error('VISION_BASE_URL and VISION_MODEL are required when VISION_PROVIDER=openai');
  }
  return {
    kind: 'openai',
    baseUrl: env.VISION_BASE_URL.replace(/\/+$/, ''),
    ...(env.VISION_API_KEY ? { apiKey: env.VISION_API_KEY } : {}),
    model: env.VISION_MODEL,
    timeoutMs: env.VISION_TIMEOUT_MS,
    maxRetries: env.VISION_MAX_RETRIES,
  };
}
