import { useState } from 'react';
import toast from 'react-hot-toast';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import type { Product } from '#domain/products';
import { countReadiness, describeLeftOut, describeUnready } from '#domain/readiness';
import { publishInTurn } from './publish-in-turn';
import type { PublishRow } from './publish-progress';

/** `confirm`: some products still need attention; the seller goes on or cancels. */
export type PublishPhase = 'choose' | 'confirm' | 'running' | 'done' | 'failed';

/**
 * A publish run's state: load the products, ask first while some need attention (as the CSV
 * download does), then send them one at a time, stopping at the first failure with the store's
 * words. `publish` sends one product to the chosen store with the chosen status.
 */
export function usePublishRun({
  load,
  publish,
  onPublished,
  doneToast,
  onDone,
}: {
  load(): Promise<Product[]>;
  publish(product: Product): Promise<{ product: Product; adminUrl: string }>;
  onPublished?(product: Product): void;
  doneToast: string;
  onDone(): void;
}) {
  const [phase, setPhase] = useState<PublishPhase>('choose');
  const [rows, setRows] = useState<PublishRow[]>([]);
  const [note, setNote] = useState<string | null>(null);
  /** How many were not sent for want of a name, said when the run ends. */
  const [leftOutNote, setLeftOutNote] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  /** The loaded products, kept while the seller is asked about the ones needing attention. */
  const [pending, setPending] = useState<Product[]>([]);

  function reset() {
    setPhase('choose');
    setRows([]);
    setNote(null);
    setLeftOutNote(null);
    setPending([]);
  }

  async function prepare() {
    setNote(null);
    setPreparing(true);
    let products: Product[];
    try {
      products = await load();
    } catch (error) {
      setNote(error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.failed);
      return;
    } finally {
      setPreparing(false);
    }
    if (products.length === 0) {
      setNote(PUBLISH_MESSAGES.noProducts);
      return;
    }
    if (describeUnready(countReadiness(products), 'Publish') === null) {
      await run(products);
      return;
    }
    setPending(products);
    setPhase('confirm');
  }

  async function run(loaded: Product[]) {
    setPending([]);
    // Never sent without a name (the server refuses them too); the seller is told how many.
    const products = loaded.filter((product) => product.title.trim() !== '');
    const leftOut = describeLeftOut(loaded.length - products.length, 'Publish');
    setLeftOutNote(leftOut);
    if (products.length === 0) {
      setNote([PUBLISH_MESSAGES.noProducts, leftOut].filter(Boolean).join(' '));
      setPhase('choose');
      return;
    }
    setRows(
      products.map((product) => ({ id: product.id, title: product.title, state: 'waiting' })),
    );
    setPhase('running');
    const failure = await publishInTurn(products, setRows, async (product) => {
      const reply = await publish(product);
      onPublished?.(reply.product);
      return reply;
    });
    if (failure !== null) {
      setNote(failure);
      setPhase('failed');
      return;
    }
    setPhase('done');
    toast.success(doneToast);
    if (leftOut) toast(leftOut);
    onDone();
  }

  return {
    phase,
    rows,
    note,
    leftOutNote,
    pending,
    /** Loading the products, or sending them: the dialog stays open meanwhile. */
    busy: phase === 'running' || preparing,
    preparing,
    prepare,
    /** Goes on with the products the seller was asked about. */
    confirm: () => run(pending),
    reset,
  };
}
