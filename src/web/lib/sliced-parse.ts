/**
 * A long list checked against its item schema a slice at a time. The first check of 100 products
 * ran 30–90 ms in one task on the 2-core development machine (zod's code still cold on a first
 * visit); between slices the browser may draw and handle input (ADR 057).
 */
import { safeParse, type $ZodError, type $ZodType, type output } from 'zod/v4/core';

/** How long one slice may check items before it gives the browser a turn. */
const SLICE_MS = 8;

export type SlicedParseResult<Item extends $ZodType> =
  { success: true; data: output<Item>[] } | { success: false; error: $ZodError; index: number };

export async function parseInSlices<Item extends $ZodType>(
  item: Item,
  values: readonly unknown[],
  nextTask: () => Promise<void> = yieldToBrowser,
): Promise<SlicedParseResult<Item>> {
  const data: output<Item>[] = [];
  let sliceStart = performance.now();
  for (const [index, value] of values.entries()) {
    const parsed = safeParse(item, value);
    if (!parsed.success) return { success: false, error: parsed.error, index };
    data.push(parsed.data);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  return { success: true, data };
}

interface Scheduler {
  yield(): Promise<void>;
}

/** `scheduler.yield()` where the browser has it (a continuation goes before other tasks). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<Scheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
