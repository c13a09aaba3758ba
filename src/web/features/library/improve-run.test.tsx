import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImproveRun } from '#domain/improve-run';
import {
  callsTo,
  isolateLibraryTests,
  libraryPage,
  makeProduct,
  renderLibrary,
  stubFetch,
} from './test-support';

isolateLibraryTests();

const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp' });
const mug = makeProduct({ id: 'p2', title: 'Stoneware Mug' });
const RUN_ID = '0b7c8f2e-1111-4222-8333-444455556666';

function runOf(extra: Partial<ImproveRun>): ImproveRun {
  return {
    id: RUN_ID,
    state: 'running',
    total: 1,
    done: 0,
    improved: 0,
    unchanged: 0,
    failed: 0,
    left: 0,
    charged: 0,
    stopReason: null,
    lines: [],
    createdAt: '2026-11-28T10:00:00.000Z',
    ...extra,
  };
}

const bar = () => screen.getByRole('region', { name: 'Library actions' });

describe('Improve runs in the background', () => {
  it('starts a run with the fields and mode picked, shows its progress, then its report', async () => {
    const finished = runOf({
      state: 'done',
      done: 1,
      improved: 1,
      charged: 1,
      lines: [
        {
          id: 'p1',
          title: 'Brass Desk Lamp',
          outcome: 'improved',
          message: '1 credit · suggested: SEO title.',
        },
      ],
    });
    const mock = stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'POST /api/library/improve-runs': { status: 202, body: runOf({}) },
      [`GET /api/library/improve-runs/${RUN_ID}`]: { body: finished },
      [`POST /api/library/improve-runs/${RUN_ID}/dismiss`]: { status: 204 },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user, flushEdits } = renderLibrary();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    await user.click(within(bar()).getByRole('button', { name: 'Improve…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Improve 1 product' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tags' }));
    await user.click(within(dialog).getByRole('radio', { name: /^Rewrite/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Improve 1 product' }));

    // Answered at once: the progress shows while the products are improved.
    expect(await screen.findByText('Improving your products: 0 of 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Improve progress' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Improve 1 product' })).toBeNull();
    expect(flushEdits).toHaveBeenCalled();
    expect(callsTo(mock, 'POST /api/library/improve-runs')).toEqual([
      {
        selection: { kind: 'ids', ids: ['p1'] },
        fields: ['description', 'seo', 'altText'],
        mode: 'rewrite',
      },
    ]);

    const report = await screen.findByRole(
      'dialog',
      { name: 'Improve: what happened' },
      { timeout: 3000 },
    );
    expect(report.textContent).toContain('1 done · 0 skipped · 0 failed');
    expect(report.textContent).toContain('1 credit · suggested: SEO title.');
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    expect(callsTo(mock, `POST /api/library/improve-runs/${RUN_ID}/dismiss`)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Improve' })).toBeNull();
  });

  it('finds a run going after a reload, and says why it stopped and what was left', async () => {
    const going = runOf({ total: 500, done: 120, improved: 118, failed: 2 });
    const stopped = runOf({
      state: 'stopped',
      total: 500,
      done: 500,
      improved: 300,
      failed: 2,
      left: 198,
      stopReason: 'You ran out of credits. Buy a credit pack and run Improve again.',
      lines: [
        { id: 'p9', title: 'Cracked Vase', outcome: 'failed', message: 'The photo is missing.' },
        {
          id: 'p2',
          title: 'Stoneware Mug',
          outcome: 'left',
          message: 'Not improved: no credits were left.',
        },
      ],
    });
    stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'GET /api/library/improve-runs/latest': { body: { run: going } },
      [`GET /api/library/improve-runs/${RUN_ID}`]: { body: stopped },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    renderLibrary();
    expect(await screen.findByText('Improving your products: 120 of 500')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Improve progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('120');
    expect(screen.getByText(/118 done · 0 skipped · 2 failed so far/)).toBeTruthy();

    const report = await screen.findByRole(
      'dialog',
      { name: 'Improve: what happened' },
      { timeout: 3000 },
    );
    expect(report.textContent).toContain('300 done · 0 skipped · 2 failed · 198 not improved');
    expect(within(report).getByRole('alert').textContent).toMatch(/ran out of credits/);
    expect(report.textContent).toContain('The photo is missing.');
    expect(report.textContent).toContain('Not improved');
    expect(report.textContent).toContain('…and 498 more.');
  });

  it('shows a finished run whose report was not closed, with a way to see it', async () => {
    const done = runOf({ state: 'done', total: 3, done: 3, improved: 3 });
    stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'GET /api/library/improve-runs/latest': { body: { run: done } },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user } = renderLibrary();
    expect(await screen.findByText('Improve finished: 3 done · 0 skipped · 0 failed')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Improve: what happened' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'See what happened' }));
    expect(await screen.findByRole('dialog', { name: 'Improve: what happened' })).toBeTruthy();
  });
});
