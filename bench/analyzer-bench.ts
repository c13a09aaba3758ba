/**
 * The offline analyzer's throughput and memory (issues 5 and 29): every top-level photo in
 * ../shared/fixtures/photos through the worker pool (2 workers), after a warm-up that loads the
 * models in both workers; photos/s is the median of 3 runs (goal ≥ 3). Peak RSS is sampled from
 * process.memoryUsage().rss, which counts the worker threads too (goal < 1 GB; `npm run bench`
 * sets the allocator as `npm start` does, ADR 051).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { medianOfSorted } from '#domain/median.js';
import {
  createEvidenceAnalyzer,
  type AnalyzedPhoto,
  type AnalyzerTimings,
} from '#server/vision/providers/local/analyzer/index.js';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');
const PHOTO_FILE = /\.(jpe?g|png|webp|gif|avif)$/i;
const WORKERS = 2;
const RUNS = 3;

const median = (values: readonly number[]) => medianOfSorted([...values].sort((a, b) => a - b));

function samplePeakRss(everyMs = 50) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) / 2 ** 20;
    },
  };
}

function meanTimings(results: readonly AnalyzedPhoto[]): string {
  const steps = Object.keys(results[0]!.timingsMs) as (keyof AnalyzerTimings)[];
  return steps
    .map((step) => {
      const mean = results.reduce((sum, r) => sum + r.timingsMs[step], 0) / results.length;
      return `${step} ${mean.toFixed(0)}`;
    })
    .join(', ');
}

export async function runAnalyzerBench(): Promise<void> {
  const names = (await readdir(PHOTOS_DIR)).filter((name) => PHOTO_FILE.test(name)).sort();
  const photos = await Promise.all(names.map((name) => readFile(path.join(PHOTOS_DIR, name))));
  const rss = samplePeakRss();
  const analyzer = createEvidenceAnalyzer({ workers: WORKERS });
  try {
    const loadStart = performance.now();
    // Warm-up: one photo per worker, so both have loaded their models before timing starts.
    await Promise.all(photos.slice(0, WORKERS).map((photo) => analyzer.analyze(photo)));
    const warmUpMs = performance.now() - loadStart;

    const rates: number[] = [];
    let last: AnalyzedPhoto[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      last = await Promise.all(photos.map((photo) => analyzer.analyze(photo)));
      rates.push(photos.length / ((performance.now() - started) / 1000));
    }
    const peakMb = rss.stop();
    const slowest = last.reduce((a, b) => (b.timingsMs.total > a.timingsMs.total ? b : a));

    console.log(`\nAnalyzer: ${photos.length} fixture photos, ${WORKERS} workers, ${RUNS} runs`);
    console.log(
      `  throughput: ${median(rates).toFixed(2)} photos/s median (runs: ${rates.map((r) => r.toFixed(2)).join(', ')}; goal ≥ 3)`,
    );
    console.log(`  peak RSS (process incl. workers): ${peakMb.toFixed(0)} MB (goal < 1024 MB)`);
    console.log(`  warm-up (model loads + 1 photo per worker): ${(warmUpMs / 1000).toFixed(2)} s`);
    console.log(`  mean ms per photo and step, one worker: ${meanTimings(last)}`);
    console.log(
      `  slowest photo: ${names[last.indexOf(slowest)]} (${(slowest.timingsMs.total / 1000).toFixed(2)} s, OCR ${(slowest.timingsMs.ocr / 1000).toFixed(2)} s)`,
    );
  } finally {
    rss.stop();
    await analyzer.close();
  }
}
