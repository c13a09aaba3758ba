/**
 * `npm run analyze -- <image files…>`: the offline analyzer on its own. Prints one JSON object
 * per line per photo, in input order, with the draft and what it rests on; a file that cannot be
 * analysed prints `{ file, error }` and makes the exit code 1 once the others are done.
 */
import { readFile } from 'node:fs/promises';
import { isVisionProviderError } from '#server/vision/providers/vision-provider.js';
import { createEvidenceAnalyzer } from '#server/vision/providers/local/analyzer/index.js';
import { buildDraft } from '#server/vision/providers/local/draft-builder.js';
import { createDraftContext } from '#server/vision/providers/local/local-provider.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run analyze -- <image files…>');
  process.exit(2);
}

const context = createDraftContext();
const analyzer = createEvidenceAnalyzer();

async function analyzeFile(file: string): Promise<Record<string, unknown>> {
  try {
    const { evidence, timingsMs } = await analyzer.analyze(await readFile(file));
    const draft = buildDraft(evidence, context);
    return {
      file,
      title: draft.title,
      description: draft.description,
      category: draft.category,
      categoryAlternatives: draft.categoryAlternatives,
      price: draft.price,
      tags: draft.tags,
      barcode: draft.barcode,
      evidence: draft.evidence,
      timingsMs,
    };
  } catch (error) {
    // The provider error's message is written for shoppers; its detail says what went wrong.
    const message = isVisionProviderError(error)
      ? error.detail
      : error instanceof Error
        ? error.message
        : String(error);
    return { file, error: message };
  }
}

// All photos go to the pool at once (it queues beyond its workers); lines print in input order.
const results = files.map(analyzeFile);
let failed = false;
for (const result of results) {
  const line = await result;
  if ('error' in line) failed = true;
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
await analyzer.close();
process.exitCode = failed ? 1 : 0;
