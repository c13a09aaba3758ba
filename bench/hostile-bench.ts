/**
 * Issue 18's hardening, as figures: the latency of `GET /api/user/profile` (one seller, with a
 * session, one request every PACE_MS, over a fixed window) on an idle server, then while other
 * sellers send hostile uploads: six SVGs at a time that only the render deadline stops, and a
 * few multipart bodies that stall before their closing boundary. The server runs as its own
 * process over loopback, as in production.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { RENDER_DEADLINE_MS } from '#server/images/svg-rasterise.js';
import { startBenchServer, type BenchServer } from './support/bench-client.js';
import {
  HOSTILE_SVGS,
  stalledUpload,
  uploadSvg,
  type HostileOutcome,
} from './support/hostile-uploads.js';

const WINDOW_MS = 15_000;
/** At most WINDOW_MS / PACE_MS requests per scenario; a slow answer delays the next one. */
const PACE_MS = 10;
const SVG_UPLOADERS = 6;
const STALLED_UPLOADS = 4;
/** Shorter than the 30 s default so that the stalled bodies are answered inside the window. */
const BODY_IDLE_TIMEOUT_MS = 10_000;

interface Probe {
  latencies: number[];
  errors: number;
}

async function probeProfile(server: BenchServer, until: number): Promise<Probe> {
  const probe: Probe = { latencies: [], errors: 0 };
  for (let next = performance.now(); next < until; next += PACE_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const started = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}/api/user/profile`, {
        headers: { cookie: server.cookie },
      });
      await response.arrayBuffer();
      if (response.status !== 200) probe.errors += 1;
    } catch {
      probe.errors += 1;
    }
    probe.latencies.push(performance.now() - started);
  }
  return probe;
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

function row(scenario: string, probe: Probe, outcomes: readonly HostileOutcome[]): string {
  const sorted = [...probe.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.floor((sorted.length - 1) * p)]!.toFixed(1);
  return [
    scenario.padEnd(22),
    String(sorted.length).padStart(8),
    pct(0.5).padStart(7),
    pct(0.95).padStart(7),
    pct(0.99).padStart(7),
    pct(1).padStart(8),
    String(probe.errors).padStart(6),
    `  ${describeOutcomes(outcomes)}`,
  ].join(' ');
}

export async function runHostileBench(): Promise<void> {
  const server = await startBenchServer({
    BENCH_OTHER_ACCOUNTS: String(SVG_UPLOADERS),
    BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_TIMEOUT_MS),
  });
  try {
    await probeProfile(server, performance.now() + 500);
    const scenarios: Array<[string, (until: number) => Promise<HostileOutcome[]>]> = [
      ['idle', async () => []],
      [`${SVG_UPLOADERS} hostile SVGs`, (until) => svgUploads(server, until)],
      [`${STALLED_UPLOADS} stalled bodies`, () => stalledUploads(server)],
      [
        'SVGs + stalled bodies',
        async (until) =>
          (await Promise.all([svgUploads(server, until), stalledUploads(server)])).flat(),
      ],
    ];
    console.log(
      `\nHostile uploads (issue 18): GET /api/user/profile every ${PACE_MS} ms for ${WINDOW_MS / 1000} s, ` +
        `server over loopback; render deadline ${RENDER_DEADLINE_MS / 1000} s, body idle timeout ${BODY_IDLE_TIMEOUT_MS / 1000} s`,
    );
    console.log(
      `${'scenario'.padEnd(22)} requests  p50 ms  p95 ms  p99 ms   max ms errors  hostile uploads answered`,
    );
    for (const [name, hostile] of scenarios) {
      const until = performance.now() + WINDOW_MS;
      const [probe, outcomes] = await Promise.all([probeProfile(server, until), hostile(until)]);
      console.log(row(name, probe, outcomes));
    }
  } finally {
    await server.stop();
  }
}
