/** Outside services an app may be given (app.ts); tests pass fakes, production reads config. */
import type { LookupFunction } from 'node:net';
import type { DatabaseHandle } from './db/connection.js';
import type { PaymentProvider } from './billing/index.js';
import type { ImageStore } from './images/storage.js';
import type { Mailer } from './mail/mailer.js';
import type { VisionProvider } from './vision/index.js';

export interface AppDeps {
  database?: DatabaseHandle;
  mailer?: Mailer;
  webRoot?: string;
  /** Where log lines go instead of standard output (tests read them back). */
  logStream?: { write(line: string): void };
  /** Describes photos; default: the provider configuration picks (local analyzer or OpenAI). */
  visionProvider?: VisionProvider;
  /** Stored images; default: the configuration picks (DATA_DIR/uploads or S3_BUCKET). */
  imageStore?: ImageStore;
  /**
   * Photos the analyzer may describe per seller per minute, over regenerate, identify, combine,
   * split and bulk regenerate together (default 40; ADR 034).
   */
  regenerationsPerMinute?: number;
  /** Interval of the SSE heartbeat comment (default 15 s). */
  sseHeartbeatMs?: number;
  /** The clock billing periods are measured with (tests move it). */
  now?: () => Date;
  /** Takes payments; default: the billing configuration picks (sandbox or Stripe). */
  paymentProvider?: PaymentProvider;
  /** Name resolution for a catalogue's image fetches; default the system's (tests pass theirs). */
  imageFetchLookup?: LookupFunction;
  /** Products from which a store import uses a bulk operation (default 2,000; tests lower it). */
  storeImportBulkFrom?: number;
}
