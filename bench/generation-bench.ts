/**
 * Issue 3's generation figures, through the real server over HTTP:
 * - a 100-photo batch with a vision provider of fixed latency L at concurrency C: time from the
 *   upload's start to the last product ready, against the ideal ⌈100/C⌉·L (goal ≤ 1.1×), and
 *   to the first product ready (goal < L + 1 s). From the start, not the answer: each photo is
 *   drafted as soon as it is stored, while the rest of the upload still arrives;
 * - one upload of 100 files of 10 MB (premium limits): the server's memory growth (goal
 *   < 100 MB) and upload throughput. BENCH_STORAGE=s3 stores them in a bucket of a local
 *   S3-compatible server (s3rver, in this process) instead of on disk;
 * - 100 real photos in one upload drafted by the real offline analyzer (premium): the server
 *   process's memory idle (models loaded) and at its peak while they are drafted, worker threads
 *   included (goal < 1 GB).
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  peakRssFromNow,
  sampleRss,
  serverReady,
  startBenchServer,
  uploadFiles,
  watchReadyProducts,
  type UploadFile,
} from './support/bench-client.js';
import { startS3Server, type S3TestServer } from '../tests/support/s3-server.js';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');
export const BATCH = 100;

export async function fixturePhotos(): Promise<UploadFile[]> {
  const names = (await readdir(PHOTOS_DIR)).filter((name) => /\.(jpe?g|png)$/i.test(name));
  const photos: UploadFile[] = [];
  for (const name of names.sort()) {
    if ((await stat(path.join(PHOTOS_DIR, name))).size > 10_000_000) continue;
    const contentType = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
    photos.push({ path: path.join(PHOTOS_DIR, name), name, contentType });
  }
  return Array.from({ length: BATCH }, (_, i) => photos[i % photos.length]!);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function runGenerationBench(): Promise<void> {
  const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? '500');
  const concurrency = Number(process.env.GENERATION_CONCURRENCY ?? '4');
  const server = await startBenchServer({
    BENCH_LATENCY_MS: String(latencyMs),
    GENERATION_CONCURRENCY: String(concurrency),
  });
  try {
    const files = await fixturePhotos();
    const watcher = await watchReadyProducts(server);
    const started = performance.now();
    const upload = await uploadFiles(server, files);
    const uploaded = performance.now();
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${upload.body}`);
    await watcher.waitFor(BATCH);
    watcher.close();
    const times = [...watcher.readyAt.values()].sort((a, b) => a - b);
    const first = times[0]! - started;
    const last = times[times.length - 1]! - started;
    const ideal = Math.ceil(BATCH / concurrency) * latencyMs;
    console.log(
      `\nGeneration: ${BATCH} real photos, provider latency L=${latencyMs} ms, C=${concurrency}`,
    );
    console.log(`  upload + intake (100 photos, one request)   ${seconds(uploaded - started)}`);
    console.log(
      `  upload started → last product ready         ${seconds(last)}   ideal ⌈100/C⌉·L = ${seconds(ideal)}   ratio ${(last / ideal).toFixed(3)}× (goal ≤ 1.1×)`,
    );
    console.log(
      `  upload started → first product ready        ${first.toFixed(0)} ms (goal < L + 1000 = ${latencyMs + 1000} ms)`,
    );
  } finally {
    await server.stop();
  }
}

/** A noise PNG just under 10 MB: noise does not compress, so the file stays near its pixel size. */
async function tenMegabytePng(dir: string): Promise<UploadFile> {
  const width = 1860;
  const height = 1860;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  const file = path.join(dir, 'noise-10mb.png');
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toFile(file);
  return { path: file, name: 'noise-10mb.png', contentType: 'image/png' };
}

export async function runUploadMemoryBench(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'listsmith-bench-upload-'));
  const s3: S3TestServer | null = process.env.BENCH_STORAGE === 's3' ? await startS3Server() : null;
  const storageEnv = s3 ? s3.env(await s3.createBucket()) : {};
  const server = await startBenchServer({ BENCH_LATENCY_MS: '0', ...storageEnv });
  try {
    const png = await tenMegabytePng(dir);
    const bytes = (await stat(png.path)).size;
    const count = Number(process.env.BENCH_UPLOAD_FILES ?? BATCH);
    const files = Array.from({ length: count }, (_, i) => ({ ...png, name: `noise-${i}.png` }));
    const rss = sampleRss(server.pid);
    const before = await rss.read();
    const started = performance.now();
    const upload = await uploadFiles(server, files);
    const elapsed = performance.now() - started;
    const { peakMb } = await rss.stop();
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${upload.body}`);
    const totalMb = (bytes * count) / 1024 / 1024;
    console.log(
      `\nUpload: ${count} files × ${(bytes / 1024 / 1024).toFixed(2)} MB PNG in one request (premium), stored ${s3 ? 'in S3 (s3rver)' : 'on disk'}`,
    );
    console.log(
      `  server RSS before ${before.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB, growth ${(peakMb - before).toFixed(0)} MB (goal < 100 MB)`,
    );
    console.log(
      `  ${totalMb.toFixed(0)} MB in ${seconds(elapsed)}: ${(totalMb / (elapsed / 1000)).toFixed(1)} MB/s including decode, resize and storage`,
    );
  } finally {
    await server.stop();
    await s3?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runDraftingMemoryBench(): Promise<void> {
  const server = await startBenchServer({ BENCH_PROVIDER: 'local' });
  try {
    await serverReady(server.baseUrl);
    const files = await fixturePhotos();
    const rss = sampleRss(server.pid);
    const idle = await rss.read();
    const highWater = await peakRssFromNow(server.pid);
    const watcher = await watchReadyProducts(server);
    const started = performance.now();
    const upload = await uploadFiles(server, files);
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${upload.body}`);
    await watcher.waitFor(BATCH);
    const elapsed = performance.now() - started;
    watcher.close();
    const { peakMb } = await rss.stop();
    const hwmMb = await highWater.read();
    console.log(
      `\nDrafting: ${BATCH} real photos in one upload (premium), the offline analyzer (${watcher.readyAt.size} ready, ${watcher.failed.size} failed in ${seconds(elapsed)})`,
    );
    console.log(
      `  server RSS idle (models loaded) ${idle.toFixed(0)} MB, peak ${hwmMb.toFixed(0)} MB incl. analyzer workers (sampled every 20 ms: ${peakMb.toFixed(0)} MB; goal < 1024 MB)`,
    );
  } finally {
    await server.stop();
  }
}
