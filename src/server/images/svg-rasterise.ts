/**
 * SVG to pixels under a hard deadline: each SVG is rendered by a child process of its own
 * (svg-render-child.mjs) that is killed when the deadline passes, whatever it is doing. A
 * thread cannot give that guarantee: librsvg's native work goes on after a worker thread is
 * terminated, holding one of the few libuv pool threads the whole server shares.
 *
 * A child costs ~0.2 s to start (node plus sharp); SVG uploads are rare, and a fresh process per
 * file also means nothing one hostile file did can affect the next. At most MAX_RENDERS run at
 * once; waiting for a slot counts against the same deadline, so every SVG is answered within
 * RENDER_DEADLINE_MS however many arrive together.
 */
import { fork } from 'node:child_process';
import { z } from 'zod';
import { ImageIntakeError } from './errors.js';
import { checkSvgLimits } from './svg-limits.js';

/** A legitimate SVG renders in well under a second here; a few seconds is generous. */
export const RENDER_DEADLINE_MS = 6_000;
/** Renders at once: each takes a core while it lasts, and the server has other work. */
const MAX_RENDERS = 2;
const CHILD_URL = new URL('./svg-render-child.mjs', import.meta.url);

export interface RasterisedSvg {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Buffer;
}

export interface RasteriseOptions {
  maxSide: number;
  maxPixels: number;
  /** Tests shorten it; production uses RENDER_DEADLINE_MS. */
  deadlineMs?: number;
}

const replySchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    data: z.instanceof(Uint8Array),
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['type-mismatch', 'decode-failed', 'too-many-pixels']),
    detail: z.string(),
  }),
]);

let running = 0;
const waiting: Array<() => void> = [];

function release(): void {
  running -= 1;
  const next = waiting.shift();
  if (next) {
    running += 1;
    next();
  }
}

/** Resolves when a render slot is ours, or rejects when the deadline passes first. */
function acquire(deadline: number): Promise<void> {
  if (running < MAX_RENDERS) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const granted = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(granted), 1);
      reject(new ImageIntakeError('too-complex', 'SVG render deadline passed while queued'));
    }, deadline - Date.now());
    waiting.push(granted);
  });
}

function renderInChild(svg: Buffer, options: RasteriseOptions, deadline: number) {
  return new Promise<RasterisedSvg>((resolve, reject) => {
    // Waiting for a render slot used up the time: no child is worth starting.
    if (deadline <= Date.now()) {
      reject(new ImageIntakeError('too-complex', 'SVG render deadline passed'));
      return;
    }
    const child = fork(CHILD_URL, [], {
      // Plain JavaScript: none of the parent's loaders (tsx, vitest) are needed.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new ImageIntakeError('too-complex', 'SVG render deadline passed'))),
      deadline - Date.now(),
    );
    child.once('message', (message: unknown) => {
      const reply = replySchema.safeParse(message);
      finish(() => {
        if (!reply.success) {
          return reject(new ImageIntakeError('processing-failed', 'unexpected SVG renderer reply'));
        }
        const answer = reply.data;
        if (!answer.ok) return reject(new ImageIntakeError(answer.reason, answer.detail));
        const data = Buffer.from(
          answer.data.buffer,
          answer.data.byteOffset,
          answer.data.byteLength,
        );
        if (data.length !== answer.width * answer.height * 4) {
          return reject(new ImageIntakeError('decode-failed', 'pixel buffer size mismatch'));
        }
        resolve({ width: answer.width, height: answer.height, data });
      });
    });
    child.once('error', (error) =>
      finish(() => reject(new ImageIntakeError('processing-failed', error.message))),
    );
    child.once('exit', (code, signal) =>
      finish(() =>
        reject(
          new ImageIntakeError('decode-failed', `SVG renderer exited (${code ?? signal}) early`),
        ),
      ),
    );
    child.send({ svg, maxSide: options.maxSide, maxPixels: options.maxPixels });
  });
}

/** Renders an SVG whose longest side becomes `maxSide`, or throws an ImageIntakeError. */
export async function rasteriseSvg(svg: Buffer, options: RasteriseOptions): Promise<RasterisedSvg> {
  checkSvgLimits(svg);
  const deadline = Date.now() + (options.deadlineMs ?? RENDER_DEADLINE_MS);
  await acquire(deadline);
  try {
    return await renderInChild(svg, options, deadline);
  } finally {
    release();
  }
}
