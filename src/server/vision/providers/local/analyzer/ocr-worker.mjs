/**
 * Entry of the OCR thread the analyzer workers share (analyzer-pool.ts starts it). Plain
 * JavaScript for the same reason as analyzer-worker.mjs: it registers tsx's loader, then imports
 * the TypeScript body (ocr-thread.ts).
 */
import { register } from 'tsx/esm/api';

register();
await import('./ocr-thread.ts');
