/**
 * glibc's allocator settings and V8's flags the server is meant to run with (ADR 008, ADR 051).
 * They only take effect when the process starts, so they live in the start scripts; this names
 * the ones missing so a deployment that starts the server another way hears about it in the log.
 *
 * - MALLOC_ARENA_MAX=2: libvips' and onnxruntime's threads would each keep their own arena.
 * - MALLOC_MMAP_THRESHOLD_=1048576: a fixed threshold, so every block of 1 MB or more (decoded
 *   images, model inputs and outputs) is its own mapping, given back when freed. glibc otherwise
 *   raises the threshold to the largest block freed (up to 32 MB), after which those blocks come
 *   from the heap and fragment it. The OCR's own tensors stay in onnxruntime's arena.
 */
import { z } from 'zod';

export const MALLOC_SETTINGS = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '1048576',
} as const;

/**
 * The settings `env` lacks, as `NAME=value`; none when the C library is not glibc (`glibc` is
 * its version at run time, as process.report tells it, or undefined).
 */
export function missingMallocSettings(
  env: Readonly<Record<string, string | undefined>>,
  glibc: string | undefined,
): string[] {
  if (!glibc) return [];
  return Object.entries(MALLOC_SETTINGS)
    .filter(([name]) => env[name] === undefined)
    .map(([name, value]) => `${name}=${value}`);
}

/**
 * V8 flags every start path gives node (they cannot be set once it runs):
 *
 * - --max-semi-space-size=16: V8 sizes its young generation from the machine's memory, up to
 *   64 MB a semi-space (on a 24 GB host), and the garbage of an upload's socket chunks or of a
 *   photo analysis fills all of it before the first scavenge; the pages stay with the process.
 *   16 MB (V8's own size for smaller hosts) keeps scavenges cheap and held ~50 MB less during an
 *   upload and ~180 MB less while 100 photos were drafted (ADR 008; the flag reaches the
 *   analyzer's worker threads too).
 */
export const NODE_MEMORY_FLAGS = ['--max-semi-space-size=16'] as const;

/** The flags of NODE_MEMORY_FLAGS this process was started without (on its command line or in NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): string[] {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  return NODE_MEMORY_FLAGS.filter((flag) => {
    const name = flag.split('=')[0]!;
    return !given.some((arg) => arg === name || arg.startsWith(`${name}=`));
  });
}

const reportSchema = z.object({
  header: z.object({ glibcVersionRuntime: z.string().optional() }),
});

/** The glibc version this process runs on, if it runs on glibc. */
export function glibcRuntime(): string | undefined {
  return reportSchema.parse(process.report.getReport()).header.glibcVersionRuntime;
}
