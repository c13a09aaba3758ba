/**
 * Benchmarks, printed as figures (no pass/fail). `npm run bench` runs every section;
 * `npm run bench -- http` (or `generation`, `upload`, `analyzer`, `landing`, `hostile`, `library`,
 * `import`, `improve`, `scale`, `browser`) runs one. The browser section needs `npm run build` first;
 * BENCH_BROWSER=review,arrivals,library,upload,signin, BENCH_HOSTILE=sellers,s3 and BENCH_UPLOAD=files,drafting
 * pick their parts.
 */
/**
 * Sections run in this order. Each section's module is imported when it runs: the memory a section reports (the analyzer's
 * peak, an upload's growth) is then its own, not the other sections' libraries (Playwright,
 * autocannon, an S3 server), which took this process from 110 to 417 MB before any ran.
 */
const sections: Record<string, () => Promise<void>> = {
  // First: the peak it reports is the process's, which earlier sections would have raised.
  analyzer: async () => (await import('./analyzer-bench.js')).runAnalyzerBench(),
  http: async () => (await import('./http-bench.js')).runHttpBench(),
  generation: async () => (await import('./generation-bench.js')).runGenerationBench(),
  upload: async () => {
    const { runUploadMemoryBench, runDraftingMemoryBench } = await import('./generation-bench.js');
    const parts = (process.env.BENCH_UPLOAD ?? 'files,drafting').split(',');
    if (parts.includes('files')) await runUploadMemoryBench();
    if (parts.includes('drafting')) await runDraftingMemoryBench();
  },
  landing: async () => (await import('./landing-bench.js')).runLandingBench(),
  hostile: async () => (await import('./hostile-bench.js')).runHostileBench(),
  library: async () => (await import('./library-bench.js')).runLibraryBench(),
  import: async () => (await import('./import-bench.js')).runImportBench(),
  improve: async () => (await import('./improve-bench.js')).runImproveBench(),
  scale: async () => (await import('./scale-bench.js')).runScaleBench(),
  browser: async () => (await import('./browser-bench.js')).runBrowserBench(),
};
const wanted = process.argv.slice(2);
console.log('Listsmith benchmarks');
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}

// A module (for the top-level await above), though it imports each section only when it runs.
export {};
