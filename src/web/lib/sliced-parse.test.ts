import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseInSlices } from './sliced-parse';

const itemSchema = z.object({ id: z.string() }).transform(({ id }) => ({ id, checked: true }));

describe('parseInSlices', () => {
  it('checks every item, giving the browser a turn when a slice has run long', async () => {
    // Each check "takes" 3 ms of the page's clock: a slice passes 8 ms on its third item.
    let clock = 0;
    const slowSchema = z.object({ id: z.string() }).transform(({ id }) => {
      clock += 3;
      return { id, checked: true };
    });
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const checkedBeforeTurn: number[] = [];
    const values = Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, extra: i }));
    const result = await parseInSlices(slowSchema, values, async () => {
      checkedBeforeTurn.push(clock / 3);
    });
    now.mockRestore();
    expect(result).toStrictEqual({
      success: true,
      data: values.map(({ id }) => ({ id, checked: true })),
    });
    expect(checkedBeforeTurn).toStrictEqual([3, 6]);
  });

  it('stops at the first item that breaks the schema and says which', async () => {
    const values = [{ id: 'a' }, { id: 7 }, { id: 'c' }];
    const result = await parseInSlices(itemSchema, values, async () => {});
    expect(result).toMatchObject({ success: false, index: 1 });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toStrictEqual([
      ['id'],
    ]);
  });

  it('yields in a real browser turn by default', async () => {
    const values = Array.from({ length: 3 }, (_, i) => ({ id: `p${i}` }));
    await expect(parseInSlices(itemSchema, values)).resolves.toMatchObject({ success: true });
  });
});
