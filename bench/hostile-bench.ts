/**
 * Hardening, as figures: the latency of the API a seller is using (`GET /api/user/profile` and
 * `GET /api/library`, one seller with a session, each every PACE_MS over a fixed window) on an
 * idle server, then while other sellers misbehave. Issue 18: six SVGs at a time that only the
 * render deadline stops, and multipart bodies that stall before their closing boundary. Issue
 * 28: a seller running the combine/split loop, and uploads into an S3 that accepts connections
 * and never answers (a second server whose image storage is that S3, S3_TIMEOUT_MS bounding each
 * call). The servers run as their own processes over loopback, as in production.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { RENDER_DEADLINE_MS } from '#server/images/svg-rasterise.js';
import { startBenchServer, type BenchServer } from './support/bench-client.js';
import {
  HOSTILE_SVGS,
  stalledUpload,
  uploadSvg,
  type HostileOutcome,
} from './support/hostile-uploads.js';
import {
  combineSplitLoop,
  stalledStoreUploads,
  startSilentServer,
} from './support/hostile-sellers.js';

const WINDOW_MS = 15_000;
/** At most WINDOW_MS / PACE_MS requests per scenario; a slow answer delays the next one. */
const PACE_MS = 10;
const SVG_UPLOADERS = 6;
const STALLED_UPLOADS = 4;
/** Shorter than the 30 s default so that the stalled bodies are answered inside the window. */
const BODY_IDLE_TIMEOUT_MS = 10_000;
/** How long the stalled S3 may stay silent on one call (the 5 s default, shortened). */
const S3_TIMEOUT_MS = 2_000;
const STALLED_S3_UPLOADERS = 4;
const PROBED = ['/api/user/profile', '/api/library'] as const;

interface Probe {
  latencies: number[];
  errors: number;
}

async function probe(server: BenchServer, url: string, until: number): Promise<Probe> {
  const result: Probe = { latencies: [], errors: 0 };
  for (let next = performance.now(); next < until; next += PACE_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const started = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}${url}`, {
        headers: { cookie: server.cookie },
      });
      await response.arrayBuffer();
      if (response.status !== 200) result.errors += 1;
    } catch {
      result.errors += 1;
    }
    result.latencies.push(performance.now() - started);
  }
  return result;
}

type Hostile = (until: number) => Promise<HostileOutcome[]>;

/** Probes every route of PROBED side by side while `hostile` runs; prints a row per route. */
async function runScenario(server: BenchServer, name: string, hostile: Hostile): Promise<void> {
  const until = performance.now() + WINDOW_MS;
  const [probes, outcomes] = await Promise.all([
    Promise.all(PROBED.map((url) => probe(server, url, until))),
    hostile(until),
  ]);
  const load = os.loadavg()[0]!.toFixed(1);
  for (const [i, url] of PROBED.entries()) {
    console.log(row(name, url, probes[i]!, load, i === 0 ? outcomes : []));
  }
}

/** Each uploader sends one hostile SVG after another until the window closes. */
async function svgUploads(server: BenchServer, until: number): Promise<HostileOutcome[]> {
  const outcomes: HostileOutcome[] = [];
  await Promise.all(
    Array.from({ length: SVG_UPLOADERS }, async (_, i) => {
      const cookie = server.otherCookies[i % server.otherCookies.length]!;
      while (performance.now() < until) {
        outcomes.push(await uploadSvg(server, cookie, HOSTILE_SVGS[i % HOSTILE_SVGS.length]!));
      }
    }),
  );
  return outcomes;
}

function stalledUploads(server: BenchServer): Promise<HostileOutcome[]> {
  return Promise.all(
    Array.from({ length: STALLED_UPLOADS }, (_, i) =>
      stalledUpload(server, server.otherCookies[i]!, BODY_IDLE_TIMEOUT_MS + 10_000),
    ),
  );
}

/** Per kind of upload: how many got each status, and the range of times to the answer. */
function describeOutcomes(outcomes: readonly HostileOutcome[]): string {
  const kinds = new Map<string, HostileOutcome[]>();
  for (const outcome of outcomes)
    kinds.set(outcome.kind, [...(kinds.get(outcome.kind) ?? []), outcome]);
  return [...kinds]
    .map(([kind, all]) => {
      const statuses = new Map<number, number>();
      for (const { status } of all) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const answered = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n}× ${status || 'no answer'}`)
        .join(' ');
      const times = all.map(({ ms }) => ms / 1000);
      return `${kind}: ${answered} in ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} s`;
    })
    .join('; ');
}

function row(
  scenario: string,
  url: string,
  result: Probe,
  load: string,
  outcomes: readonly HostileOutcome[],
): string {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.floor((sorted.length - 1) * p)]!.toFixed(1);
  return [
    scenario.padEnd(24),
    url.padEnd(18),
    String(sorted.length).padStart(8),
    pct(0.5).padStart(7),
    pct(0.95).padStart(7),
    pct(0.99).padStart(7),
    pct(1).padStart(8),
    String(result.errors).padStart(6),
    load.padStart(5),
    outcomes.length > 0 ? `  ${describeOutcomes(outcomes)}` : '',
  ].join(' ');
}

const HEADER =
  `${'scenario'.padEnd(24)} ${'route'.padEnd(18)} requests  p50 ms  p95 ms  p99 ms   max ms errors  load` +
  '  hostile requests answered';

/** BENCH_HOSTILE=sellers,s3 picks the parts (both by default). */
export async function runHostileBench(): Promise<void> {
  const parts = process.env.BENCH_HOSTILE?.split(',') ?? ['sellers', 's3'];
  if (parts.includes('sellers')) await runHostileUploads();
  if (parts.includes('s3')) await runStalledStore();
}

async function runHostileUploads(): Promise<void> {
  const server = await startBenchServer({
    BENCH_OTHER_ACCOUNTS: String(SVG_UPLOADERS),
    BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
  });
  try {
    await probe(server, PROBED[0], performance.now() + 500);
    const scenarios: Array<[string, Hostile]> = [
      ['idle', async () => []],
      [`${SVG_UPLOADERS} hostile SVGs`, (until) => svgUploads(server, until)],
      [`${STALLED_UPLOADS} stalled bodies`, () => stalledUploads(server)],
      [
        'SVGs + stalled bodies',
        async (until) =>
          (await Promise.all([svgUploads(server, until), stalledUploads(server)])).flat(),
      ],
      ['combine/split loop', (until) => combineSplitLoop(server, server.otherCookies[0]!, until)],
    ];
    console.log(
      `\nHostile sellers (issues 18, 28): each route every ${PACE_MS} ms for ${WINDOW_MS / 1000} s, ` +
        `server over loopback; render deadline ${RENDER_DEADLINE_MS / 1000} s, body idle timeout ` +
        `${BODY_IDLE_TIMEOUT_MS / 1000} s; load = 1-minute load average after the window`,
    );
    console.log(HEADER);
    for (const [name, hostile] of scenarios) await runScenario(server, name, hostile);
  } finally {
    await server.stop();
  }
}

/** A second server whose image storage is an S3 that never answers. */
async function runStalledStore(): Promise<void> {
  const silent = await startSilentServer();
  const server = await startBenchServer({
    BENCH_OTHER_ACCOUNTS: String(STALLED_S3_UPLOADERS),
    S3_BUCKET: 'stalled-bucket',
    S3_FORCE_PATH_STYLE: 'true',
    S3_TIMEOUT_MS: String(S3_TIMEOUT_MS),
    // The SDK reads these itself, as in production.
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'STALLED',
    AWS_SECRET_ACCESS_KEY: 'STALLED',
    AWS_ENDPOINT_URL_S3: silent.url,
  });
  try {
    await probe(server, PROBED[0], performance.now() + 500);
    console.log(
      `\nStalled S3 (issue 28): image storage accepts connections and never answers, ` +
        `S3_TIMEOUT_MS ${S3_TIMEOUT_MS} ms; ${STALLED_S3_UPLOADERS} sellers upload 3 photos at a time`,
    );
    console.log(HEADER);
    await runScenario(server, 'idle (S3 stalled)', async () => []);
    await runScenario(server, `${STALLED_S3_UPLOADERS} uploads into S3`, (until) =>
      stalledStoreUploads(server, until),
    );
  } finally {
    await server.stop();
    await silent.close();
  }
}
