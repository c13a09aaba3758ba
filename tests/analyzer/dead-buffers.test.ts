import { describe, expect, it, vi } from 'vitest';
import {
  collectDroppedBuffers,
  noteDroppedBuffers,
} from '#server/vision/providers/local/analyzer/dead-buffers.js';

const MB = 2 ** 20;
const held = () => process.memoryUsage().arrayBuffers;

/** Makes `bytes` of buffers that nothing references once this returns. */
function dropBuffer(bytes: number): void {
  new Float32Array(bytes / 4).fill(1);
  noteDroppedBuffers(bytes);
}

describe('dropped analyzer buffers', () => {
  it('are collected once they pass 16 MB, and not before', async () => {
    collectDroppedBuffers();
    const before = held();

    dropBuffer(12 * MB);
    collectDroppedBuffers();
    expect(held() - before).toBeGreaterThanOrEqual(12 * MB);

    dropBuffer(8 * MB);
    collectDroppedBuffers();
    await vi.waitFor(() => expect(held() - before).toBeLessThan(MB), { timeout: 2_000 });
  });
});
