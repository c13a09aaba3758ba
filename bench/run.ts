/**
 * Benchmarks, printed as figures (no pass/fail). `npm run bench` runs every section;
 * `npm run bench -- http` (or `generation`, `upload`, `analyzer`, `landing`, `hostile`, `library`,
 * `import`, `improve`, `scale`, `browser`) runs one. The browser section needs `npm run build` first;
 * BENCH_BROWSER=review,arrivals,library,upload, BENCH_HOSTILE=sellers,s3 and BENCH_UPLOAD=files,drafting
 * pick their parts.
 */
import { runAnalyzerBench } from './analyzer-bench.js';
import { runBrowserBench } from './browser-bench.js';
import {
  runDraftingMemoryBench,
  runGenerationBench,
  runUploadMemoryBench,
} from './generation-bench.js';
import { runHostileBench } from './hostile-bench.js';
import { runHttpBench } from './http-bench.js';
import { runImportBench } from './import-bench.js';
import { runImproveBench } from './improve-bench.js';
import { runLandingBench } from './landing-bench.js';
import { runLibraryBench } from './library-bench.js';
import { runScaleBench } from './scale-bench.js';

const sections: Record<string, () => Promise<void>> = {
  http: runHttpBench,
  generation: runGenerationBench,
  upload: async () => {
    const parts = (process.env.BENCH_UPLOAD ?? 'files,drafting').split(',');
    if (parts.includes('files')) await runUploadMemoryBench();
    if (parts.includes('drafting')) await runDraftingMemoryBench();
  },
  analyzer: runAnalyzerBench,
  landing: runLandingBench,
  hostile: runHostileBench,
  library: runLibraryBench,
  import: runImportBench,
  improve: runImproveBench,
  scale: runScaleBench,
  browser: runBrowserBench,
};
const wanted = process.argv.slice(2);
console.log('Listsmith benchmarks');
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}
