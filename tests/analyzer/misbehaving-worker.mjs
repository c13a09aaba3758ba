/**
 * A stand-in analyzer worker for the pool tests, speaking the real worker's messages. The first
 * byte of the image says what to do: 1 exits the thread mid-job (a crash), 2 never answers
 * (a hang), 3 answers garbage, 4 spins forever (a thread stuck in native code: not even a close
 * gets through); anything else answers a well-formed minimal result. { close: true } ends it;
 * { warm: true } is answered as a worker whose models cannot load.
 */
import process from 'node:process';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
port.on('message', (message) => {
  if (message.close) return port.close();
  if (message.warm) return port.postMessage({ warm: true, ok: false, detail: 'no models here' });
  const { id, image } = message;
  const first = new Uint8Array(image)[0];
  if (first === 1) process.exit(3);
  if (first === 2) return;
  if (first === 3) return port.postMessage({ nonsense: true });
  if (first === 4) for (;;);
  port.postMessage({
    id,
    ok: true,
    result: {
      evidence: {
        photo: { byteLength: image.byteLength },
        classes: [],
        text: { lines: [], rotation: 0 },
        barcode: null,
      },
      timingsMs: { decode: 0, pixels: 0, classify: 0, ocr: 0, barcode: 0, total: 0 },
    },
  });
});
