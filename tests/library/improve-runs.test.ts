import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImproveRun, LatestImproveRun } from '#domain/improve-run.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, balanceOf, ledgerOf, setBalance, type Account } from '../products/support.js';
import {
  improveAndWait,
  improveRunOf,
  makePremium,
  seedLibrary,
  startImproveRun,
} from './support.js';

/** Products with no SEO fields: 'seo' in 'fill-empty' suggests both from the title and text. */
function thin(count: number, label: string) {
  return Array.from({ length: count }, (_, i) => ({
    title: `${label} ${i + 1}`,
    description: `A ${label.toLowerCase()} made by hand, number ${i + 1}.`,
  }));
}

async function improveCredits(h: TestApp, userId: string): Promise<number> {
  return (await ledgerOf(h, userId)).filter((row) => row.reason === 'improve').length;
}

async function credits(h: TestApp, userId: string): Promise<number> {
  const balance = await balanceOf(h, userId);
  return balance.subscriptionCredits + balance.fixedCredits;
}

describe('Improve runs: in the background, with progress, charged once', () => {
  let h: TestApp;
  let seller: Account;
  let ids: string[];
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'runs');
    await makePremium(h, seller.id);
    await setBalance(h, seller.id, { subscriptionCredits: 0, fixedCredits: 20 });
    ids = await seedLibrary(h, seller.id, [
      ...thin(6, 'Bowl'),
      { title: 'Filled vase', seoTitle: 'Filled vase', seoDescription: 'A vase, filled in.' },
    ]);
  });
  afterAll(() => h?.close());

  it('answers at once with the run, then improves every product and reports counts', async () => {
    const response = await startImproveRun(seller, {
      selection: { kind: 'search', q: '' },
      fields: ['seo'],
      mode: 'fill-empty',
    });
    expect(response.statusCode, response.body).toBe(202);
    const started = response.json<ImproveRun>();
    expect(started).toMatchObject({ state: 'running', total: 7 });
    expect(started.done).toBeLessThan(7);

    // The library finds the run going (a reload of the page).
    const latest = await seller.client.request({
      url: '/api/library/improve-runs/latest',
      cookie: seller.cookie,
    });
    expect(latest.json<LatestImproveRun>().run?.id).toBe(started.id);

    await h.library.improveRuns.idle();
    const run = await improveRunOf(seller, started.id);
    expect(run).toMatchObject({
      state: 'done',
      total: 7,
      done: 7,
      improved: 6,
      unchanged: 1,
      failed: 0,
      left: 0,
      charged: 6,
      stopReason: null,
    });
    // The unchanged one first; every product has its line with its name.
    expect(run.lines[0]).toMatchObject({ title: 'Filled vase', outcome: 'unchanged' });
    expect(run.lines.map((line) => line.id).sort()).toEqual([...ids].sort());
    expect(run.lines.find((line) => line.title === 'Bowl 1')?.message).toMatch(/^1 credit/);
    expect(await improveCredits(h, seller.id)).toBe(6);
    expect(await credits(h, seller.id)).toBe(14);
  });

  it('a run again on the same products costs nothing', async () => {
    const run = await improveAndWait(h, seller, ids.slice(0, 6), ['seo'], 'rewrite');
    expect(run).toMatchObject({ state: 'done', improved: 6, charged: 0 });
    expect(run.lines.every((line) => /^No credit \(improved before\)/.test(line.message))).toBe(
      true,
    );
    expect(await credits(h, seller.id)).toBe(14);
  });

  it('is shown until its report is closed, then no longer', async () => {
    const latest = async () =>
      (
        await seller.client.request({
          url: '/api/library/improve-runs/latest',
          cookie: seller.cookie,
        })
      ).json<LatestImproveRun>().run;
    const shown = await latest();
    expect(shown?.state).toBe('done');
    const closed = await seller.client.request({
      method: 'POST',
      url: `/api/library/improve-runs/${shown!.id}/dismiss`,
      cookie: seller.cookie,
    });
    expect(closed.statusCode).toBe(204);
    expect((await latest())?.id).not.toBe(shown!.id);
  });

  it('stops when the credits run out, reporting the products left', async () => {
    const broke = await account(h, 'runs-broke');
    await makePremium(h, broke.id);
    await setBalance(h, broke.id, { subscriptionCredits: 0, fixedCredits: 2 });
    const mine = await seedLibrary(h, broke.id, thin(5, 'Cup'));
    const run = await improveAndWait(h, broke, mine, ['seo'], 'fill-empty');
    expect(run).toMatchObject({
      state: 'stopped',
      done: 5,
      improved: 2,
      left: 3,
      failed: 0,
      charged: 2,
    });
    expect(run.stopReason).toMatch(/ran out of credits/);
    const left = run.lines.filter((line) => line.outcome === 'left');
    expect(left).toHaveLength(3);
    expect(left[0]!.title).toMatch(/^Cup \d$/);
    expect(left[0]!.message).toMatch(/no credits were left/);
    expect(await credits(h, broke.id)).toBe(0);
    expect(await improveCredits(h, broke.id)).toBe(2);

    // With credits again, a new run improves the rest; the two already done cost nothing.
    await setBalance(h, broke.id, { subscriptionCredits: 0, fixedCredits: 5 });
    const again = await improveAndWait(h, broke, mine, ['seo'], 'rewrite');
    expect(again).toMatchObject({ state: 'done', improved: 5, charged: 3 });
  });

  it('refuses another seller’s run and products, and a second run while one goes', async () => {
    const other = await account(h, 'runs-other');
    await makePremium(h, other.id);
    const [runId] = (
      await h.db.selectFrom('improveRuns').select('id').where('userId', '=', seller.id).execute()
    ).map((row) => row.id);
    for (const request of [
      { url: `/api/library/improve-runs/${runId}` },
      { method: 'POST' as const, url: `/api/library/improve-runs/${runId}/dismiss` },
      { url: '/api/library/improve-runs/not-a-run' },
    ]) {
      expect((await other.client.request({ ...request, cookie: other.cookie })).statusCode).toBe(
        404,
      );
    }
    const theirs = await startImproveRun(other, {
      selection: { kind: 'ids', ids: [ids[0]!] },
      fields: ['seo'],
      mode: 'rewrite',
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      await h.db.selectFrom('improveRuns').select('id').where('userId', '=', other.id).execute(),
    ).toEqual([]);

    // A run still going: a second one waits for it (409).
    await h.db
      .updateTable('improveRuns')
      .set({ state: 'running' })
      .where('id', '=', runId!)
      .execute();
    const second = await startImproveRun(seller, {
      selection: { kind: 'ids', ids: [ids[0]!] },
      fields: ['seo'],
      mode: 'rewrite',
    });
    expect(second.statusCode).toBe(409);
    await h.db.updateTable('improveRuns').set({ state: 'done' }).where('id', '=', runId!).execute();
  });

  it('starts one run when two requests ask at the same moment', async () => {
    const owner = await account(h, 'runs-twice');
    await makePremium(h, owner.id);
    const mine = await seedLibrary(h, owner.id, thin(2, 'Bowl'));
    const request = {
      selection: { kind: 'ids' as const, ids: mine },
      fields: ['seo' as const],
      mode: 'rewrite' as const,
    };
    const answers = await Promise.all([
      startImproveRun(owner, request),
      startImproveRun(owner, request),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect(
      await h.db.selectFrom('improveRuns').select('id').where('userId', '=', owner.id).execute(),
    ).toHaveLength(1);
  });

  it('resumes after a restart without charging a product twice', async () => {
    const owner = await account(h, 'runs-restart');
    await makePremium(h, owner.id);
    await setBalance(h, owner.id, { subscriptionCredits: 0, fixedCredits: 10 });
    const mine = await seedLibrary(h, owner.id, thin(3, 'Plate'));
    const first = await improveAndWait(h, owner, mine, ['seo'], 'fill-empty');
    expect(first).toMatchObject({ improved: 3, charged: 3 });
    // As a process that died mid-run leaves it: the second product taken after it was charged
    // (its outcome not written yet), the third never reached.
    await h.db
      .updateTable('improveRuns')
      .set({ state: 'running', finishedAt: null })
      .where('id', '=', first.id)
      .execute();
    await h.db
      .updateTable('improveRunItems')
      .set({ state: 'working', outcome: null, charged: 0 })
      .where('runId', '=', first.id)
      .where('productId', '=', mine[1]!)
      .execute();
    await h.db
      .updateTable('improveRunItems')
      .set({ state: 'pending', outcome: null, charged: 0 })
      .where('runId', '=', first.id)
      .where('productId', '=', mine[2]!)
      .execute();
    await h.db
      .updateTable('products')
      .set({ improvedFingerprint: null, suggestions: '[]' })
      .where('id', '=', mine[2]!)
      .execute();

    expect(await h.library.improveRuns.resume()).toBe(1);
    await h.library.improveRuns.idle();
    const resumed = await improveRunOf(owner, first.id);
    expect(resumed).toMatchObject({ state: 'done', done: 3, improved: 3 });
    // The product taken twice was paid once; the one never reached is paid now.
    expect(await improveCredits(h, owner.id)).toBe(4);
    expect(await credits(h, owner.id)).toBe(6);
    expect(resumed.lines.find((line) => line.id === mine[1])?.message).toMatch(/^No credit/);
  });
});
