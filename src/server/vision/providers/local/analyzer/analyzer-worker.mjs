/**
 * Entry of one analyzer worker thread (analyzer-pool.ts starts it). Plain JavaScript so Node can
 * start it under tsx, vitest or plain node alike; it registers tsx's loader so the TypeScript
 * analyzer (analyzer-thread.ts) can be imported here. The models load on the first job.
 */
import { register } from 'tsx/esm/api';

register();
await import('./analyzer-thread.ts');
