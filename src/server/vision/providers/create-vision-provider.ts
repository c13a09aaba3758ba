/** Configuration picks the vision provider; nothing else in the app knows which one runs. */
import { createEvidenceAnalyzer } from './local/analyzer/index.js';
import { createLocalVisionProvider } from './local/local-provider.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { VisionProviderConfig } from './provider-config.js';
import type { VisionProvider } from './vision-provider.js';

export function createVisionProvider(config: VisionProviderConfig): VisionProvider {
  if (config.kind === 'openai') {
    return createOpenAiProvider({
      baseUrl: config.baseUrl,
      ...(config.apiKey ? { apiKey: config.apiKey } : {}),
      model: config.model,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
    });
  }
  return createLocalVisionProvider({
    analyzer: createEvidenceAnalyzer(
      config.analyzerWorkers === undefined ? {} : { workers: config.analyzerWorkers },
    ),
  });
}
