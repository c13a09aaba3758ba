/**
 * A stand-in for the shared OCR thread in the pool tests. When the file named by the
 * environment's OCR_MISBEHAVE_ONCE exists, this thread removes it and misbehaves on the first
 * model run it is asked for: 'crash' (the file's content) exits the thread, 'hang' spins forever
 * (a thread stuck in native code); it answers warm-ups as a thread whose models loaded. Without
 * the file it is the real OCR thread, so the thread the pool starts next reads text as usual.
 */
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import process from 'node:process';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

const marker = process.env.OCR_MISBEHAVE_ONCE;
if (marker && existsSync(marker)) {
  const how = readFileSync(marker, 'utf8').trim();
  unlinkSync(marker);
  parentPort.on('message', (message) => {
    if (message.close) return parentPort.close();
    if (message.warm) return parentPort.postMessage({ warm: true, ok: true });
    message.connect?.on('message', () => {
      if (how === 'crash') process.exit(3);
      for (;;);
    });
  });
} else {
  register();
  await import('../../src/server/vision/providers/local/analyzer/ocr-thread.ts');
}
